/* The interpreter hooks of the affine ops (affine_interp.c), for the op
 * table. */
#ifndef STRATA_AFFINE_INTERP_H
#define STRATA_AFFINE_INTERP_H

#include "strata/interp.h"

extern const st_interp_hook st__affine_apply_interp;
extern const st_interp_hook st__affine_min_interp;
extern const st_interp_hook st__affine_max_interp;
extern const st_interp_hook st__affine_for_interp;
extern const st_interp_hook st__affine_if_interp;
extern const st_interp_hook st__affine_load_interp;
extern const st_interp_hook st__affine_store_interp;
extern const st_interp_hook st__affine_parallel_interp;
extern const st_interp_hook st__affine_yield_interp;

#endif
