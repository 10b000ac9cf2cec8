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

/* Shared by the closed forms (ub_capacity_isl.c, ub_map_closed.c). */
/* Whether port p's schedule strictly increases along its box's row-major
 * order (a stream: each dimension's step exceeds the span inside it). */
bool st__ub_lex_monotone(const st_ub_model_port *p);
/* The row-major index of a point of port p's box; NULL when too large. */
isl_aff *st__ub_row_major_index(const st_ub_model_port *p);
/* A copy of port p's relation m (access or schedule) on its domain, the
 * range tuple anonymous so that ports of different statements compare. */
isl_map *st__ub_on_domain(const st_ub_model_port *p, isl_map *m);
/* The first output of f, f consumed. */
isl_pw_aff *st__ub_function_of(isl_pw_multi_aff *f);
/* {[a] -> [b] : a < b} (strict) or a <= b on the range space of `on`. */
isl_map *st__ub_later(isl_map *on, bool strict);

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
