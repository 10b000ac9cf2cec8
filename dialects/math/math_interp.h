/* The interpreter hook of every math op (math_interp.c), for the op table. */
#ifndef STRATA_MATH_INTERP_H
#define STRATA_MATH_INTERP_H

#include "strata/interp.h"

extern const st_interp_hook st__math_interp;

#endif
