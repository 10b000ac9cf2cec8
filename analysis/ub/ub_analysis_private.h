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
/* The row-major index of a point of the box lo..hi of `space` (taken);
 * NULL when too large. */
isl_aff *st__ub_box_index(isl_space *space, unsigned ndims, const int64_t *lo, const int64_t *hi);
/* The first output of f, f consumed. */
isl_pw_aff *st__ub_function_of(isl_pw_multi_aff *f);
/* {[a] -> [b] : a < b} (strict) or a <= b on the range space of `on`. */
isl_map *st__ub_later(isl_map *on, bool strict);

/* The values of a buffer as isl relations (ub_values_isl.c): per write
 * port, each point's write cycle wt (x -> [t]) and its value's last read
 * rl (x -> [t], on the points whose value is read), the live points (read
 * after the cycle they are written), and the points a window counts:
 * `counted` (the live ones when they form a box, else the domain), their
 * row-major index idx and `before` ({t -> x in counted : wt(x) < t}). */
typedef struct st__ub_writer {
	size_t port;
	isl_map *wt, *rl;
	isl_set *live, *counted;
	isl_aff *idx;
	isl_map *before;
} st__ub_writer;
typedef struct st__ub_vals {
	st__ub_writer *w;
	size_t n;
} st__ub_vals;
/* Builds buffer bi's values for a stream (one write port, each element
 * once, in schedule order) or an accumulation whose reads get, under the
 * schedule, the values program order gives them; false otherwise or when
 * isl gives up (the caller enumerates). */
bool st__ub_vals_build(st_ub_model *m, size_t bi, st__ub_vals *v);
void st__ub_vals_free(st_context *ctx, st__ub_vals *v);

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
