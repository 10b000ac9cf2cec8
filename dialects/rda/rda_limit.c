/* The rda dialect's limit (strata/limit.h): how many units a design may
 * hold.  The lowering makes units per loop body, access and spatial copy
 * (`par`), the allocation per part and memory copy; each checks the design
 * it leaves against this one named limit, so a kernel that would take an
 * unbounded design stops with an error naming it. */
#include "strata/rda.h"

#include <string.h>

const st_limit_def st_rda_units_limit = {
	.name = "rda-units",
	.summary = "units (compute, memory, DRAM) of an rda design, virtual or mapped",
	/* A 20x20 fabric has 400 tiles; the lowering's and the partitioning's
	 * virtual units may be some times more before merging.  The merging's
	 * ILP numbers its bins in 4096 slots. */
	.value = 4096,
	.max = 4096,
};

st_status st_rda_check_units(st_op *design, const char *when) {
	int64_t n = 0;
	for (st_op *u = st_block_first_op(st_rda_body(design)); u; u = st_op_next(u))
		n += !strcmp(st_op_name_cstr(u), "rda.unit");
	int64_t cap = st_context_limit(st_op_context(design), &st_rda_units_limit);
	if (n <= cap)
		return ST_OK;
	char hint[160];
	return st_op_error(design, "the design holds %lld units %s %s", (long long)n, when,
	                   st_limit_hint(st_op_context(design), &st_rda_units_limit, hint, sizeof hint));
}
