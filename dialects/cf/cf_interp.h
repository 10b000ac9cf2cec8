/* The interpreter hooks of the cf ops (cf_interp.c), for the op table. */
#ifndef STRATA_CF_INTERP_H
#define STRATA_CF_INTERP_H

#include "strata/interp.h"

extern const st_interp_hook st__cf_assert_interp;
extern const st_interp_hook st__cf_br_interp;
extern const st_interp_hook st__cf_cond_br_interp;
extern const st_interp_hook st__cf_switch_interp;

#endif
