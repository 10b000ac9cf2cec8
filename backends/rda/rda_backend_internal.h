/* What the files of backends/rda share: the mapping steps on an rda design
 * (allocation, placement and routing) and their options. */
#ifndef STRATA_RDA_BACKEND_INTERNAL_H
#define STRATA_RDA_BACKEND_INTERNAL_H

#include "strata/rda_backend.h"

typedef struct st_rda_par_options {
	uint64_t seed;
	int64_t rounds; /* improvement moves per unit */
} st_rda_par_options;

/* rda_par.c: places every unit of `design` on a tile of its kind and routes
 * every stream (docs/rda.md); the design becomes `mapped`. */
st_status st__rda_place_route(st_op *design, const st_rda_machine *m, const st_rda_par_options *o);

/* The tile kind a unit of kind `k` runs on (a host unit on an address
 * generator), or NULL. */
const st_rda_pu *st__rda_kind_for(const st_rda_machine *m, st_rda_unit_kind k);

/* rda_ilp.c: integer programs for CBC: columns (bounds, objective
 * coefficient, integrality), rows (`sense` 'L', 'G' or 'E'), a starting
 * solution, and a solve under a time limit. */
typedef struct st__rda_ilp st__rda_ilp;
typedef struct st__rda_ilp_result {
	const double *solution; /* NULL: none found */
	double objective, bound, gap, ms;
	bool optimal, timed_out;
} st__rda_ilp_result;
st__rda_ilp *st__rda_ilp_create(st_context *ctx);
void st__rda_ilp_destroy(st__rda_ilp *p);
int st__rda_ilp_col(st__rda_ilp *p, double lo, double hi, double cost, bool integer);
void st__rda_ilp_row(st__rda_ilp *p, int n, const int *cols, const double *coefs, char sense, double rhs);
void st__rda_ilp_start(st__rda_ilp *p, int col, double value);
/* Solves within `seconds` of wall-clock time, stopping early once the
 * objective is within `abs_gap` of the bound (an integer objective: just
 * under 1 proves it).  0: a solution (r->solution valid until the model is
 * destroyed), 1: none within the time, -1: out of memory. */
int st__rda_ilp_solve(st__rda_ilp *p, double seconds, double abs_gap, st__rda_ilp_result *r);

/* The limit `rda-ilp-columns` (registered with the backend's passes) and
 * its check: an error at `where` naming it when an ILP would have more
 * columns. */
extern const st_limit_def st__rda_ilp_columns_limit;
st_status st__rda_ilp_check_size(st_op *where, int64_t columns);

/* The limit `rda-sim-words` (rda_sim_load.c): the words a configuration
 * makes the simulator hold. */
extern const st_limit_def st__rda_sim_words_limit;

/* rda_addrmove.c: access contexts of memory units with too many stages
 * get their address arithmetic moved to compute units. */
st_status st__rda_move_addresses(st_op *design, const st_rda_machine *m);
/* rda_coalesce.c: merges adjacent counters of a context that nothing reads
 * and no level names (one counter of their product); how many went (-1:
 * out of memory). */
int64_t st__rda_coalesce_context(st_op *context);
/* rda_memcopy.c: memory units with more accesses than a PMU serves get
 * copies (for readers). */
st_status st__rda_copy_memories(st_op *design, const st_rda_machine *m);
/* Whether a memory unit's readers may be spread over copies (its writers
 * are the staging copy-in, or one context). */
bool st__rda_copyable(st_op *unit);
/* rda_alloc.c: partitioning and merging (docs/rda.md). */
st_status st__rda_allocate(st_op *design, const st_rda_machine *m, const st_rda_alloc_options *o,
                           st_rda_alloc_result *res);
/* The rda.design of a module and the machine of the target it names. */
st_op *st__rda_find_design(st_op *module);
st_status st__rda_design_machine(st_op *design, st_rda_machine *m);

#endif
