/* Exact dependence analysis of a modelled scope (isl_model.h) through
 * isl's dataflow analysis (isl_union_access_info_compute_flow):
 *
 *   RAW  value-based: each read instance depends on the write instance that
 *        last wrote the element before it (must sources: every affine.store
 *        writes whenever its domain says it runs);
 *   WAR  memory-based: every earlier read of the element a write overwrites;
 *   WAW  memory-based: every earlier write of the element.
 *
 * Preserving these three is enough for a reordering to be legal: a read
 * keeps its writer (RAW), no write moves between them (WAW and WAR).
 *
 * Each dependence relates two statements and carries its distance on the
 * loops common to both (destination minus source iteration), as a range
 * over every value of the parameters.
 */
#ifndef STRATA_AFFINE_DEPS_H
#define STRATA_AFFINE_DEPS_H

#include "isl_model.h"

/* REUSE: see st__deps_reuse. */
typedef enum st__dep_kind { ST__DEP_RAW, ST__DEP_WAR, ST__DEP_WAW, ST__DEP_REUSE } st__dep_kind;

typedef struct st__dep {
	st__dep_kind kind;
	size_t src, dst; /* statements of the model */
	isl_map *rel;    /* S<src>[...] -> S<dst>[...] */
	unsigned ncommon; /* loops enclosing both */
	/* Per common loop: the distance's range; has_min/has_max false for
	 * an unbounded side. */
	int64_t *dmin, *dmax;
	bool *has_min, *has_max;
} st__dep;

typedef struct st__deps {
	st_context *ctx;
	st__dep *v;
	size_t n, cap;
} st__deps;

/* NULL when isl fails (its operation bound, memory). */
st__deps *st__deps_compute(const st__isl_model *m);
/* Reuse: for each access instance (read or write), the last access to the
 * same element before it (value-based, every access a must source); kind
 * ST__DEP_REUSE. */
st__deps *st__deps_reuse(const st__isl_model *m);
void st__deps_destroy(st__deps *d);

const char *st__dep_kind_name(st__dep_kind k);
/* `RAW S0 -> S1 on arg2 distance (0, 0, 1) direction (=, =, <)`. */
void st__dep_describe(const st__isl_model *m, const st__dep *d, st_write_fn w, void *ud);

/* The first dependence that the schedule `sched` (one map per statement,
 * into one common space) does not keep in order, or -1; -2 when isl
 * fails. */
long st__deps_first_violated(const st__deps *d, isl_map *const *sched);

#endif
