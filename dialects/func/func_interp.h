/* The interpreter hooks of the func ops (func_interp.c), for the op table. */
#ifndef STRATA_FUNC_INTERP_H
#define STRATA_FUNC_INTERP_H

#include "strata/interp.h"

extern const st_interp_hook st__func_call_interp;
extern const st_interp_hook st__func_call_indirect_interp;
extern const st_interp_hook st__func_constant_interp;
extern const st_interp_hook st__func_return_interp;

#endif
