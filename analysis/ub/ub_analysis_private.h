/* Shared by the files of the ub analyses: isl itself (the public header
 * names isl's types only), the compiling of isl objects into boxes and
 * affine functions, and the pass definitions, one file each. */
#ifndef STRATA_UB_ANALYSIS_PRIVATE_H
#define STRATA_UB_ANALYSIS_PRIVATE_H

#include "strata/limit.h"
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

/* How ub-capacity finds a buffer's capacity (its option `method`). */
typedef enum st_ub_capacity_method {
	ST_UB_CAPACITY_AUTO,      /* the closed form where it applies, else enumeration */
	ST_UB_CAPACITY_ENUMERATE, /* every access, always */
} st_ub_capacity_method;

/* The capacity of buffer bi in closed form (ub_capacity_isl.c); false
 * when the buffer is outside the class it covers (the caller enumerates). */
bool st__ub_capacity_closed(st_ub_model *m, size_t bi, int64_t *cap);

/* The bound on the accesses ub-capacity enumerates (registered with the
 * passes). */
extern const st_limit_def st__ub_enumerated_limit;

/* The passes (registered by ub_passes.c). */
extern const st_pass_def st__ub_capacity_pass;
extern const st_pass_def st__ub_map_pass;
extern const st_pass_def st__ub_map_check_pass;
extern const st_pass_def st__ub_schedule_pass;
extern const st_pass_def st__ub_simulate_pass;
extern const st_pass_def st__ub_schedule_ilp_pass;

#endif
