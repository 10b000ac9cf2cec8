/* Shared by the files of the ub analyses: isl itself (the public header
 * names isl's types only), the compiling of isl objects into boxes and
 * affine functions, and the pass definitions, one file each. */
#ifndef STRATA_UB_ANALYSIS_PRIVATE_H
#define STRATA_UB_ANALYSIS_PRIVATE_H

#include "strata/pass.h"
#include "strata/ub_analysis.h"

#include <isl/aff.h>
#include <isl/ctx.h>
#include <isl/map.h>
#include <isl/set.h>
#include <isl/space.h>

/* A set that is a box with constant bounds: lo[i] <= x_i <= hi[i].  False
 * for anything else (a parametric or non-rectangular set). */
bool st__ub_box_of(isl_set *s, unsigned *ndims, int64_t *lo, int64_t *hi);
/* A map that is one affine function without parameters: its results into
 * out[0..*nout).  False otherwise. */
bool st__ub_affs_of(isl_map *m, unsigned *nout, st_ub_aff *out);

/* The passes (registered by ub_passes.c). */
extern const st_pass_def st__ub_capacity_pass;
extern const st_pass_def st__ub_map_pass;
extern const st_pass_def st__ub_map_check_pass;
extern const st_pass_def st__ub_schedule_pass;
extern const st_pass_def st__ub_simulate_pass;
extern const st_pass_def st__ub_schedule_ilp_pass;

#endif
