/* strip-debuginfo: every location of the ops (and of the block arguments)
 * nested in the anchor becomes loc(unknown), as MLIR's StripDebugInfo. */
#include "passes_internal.h"

static st_walk_result strip(st_op *op, void *ud) {
	st_attr *unknown = ud;
	st_op_set_loc(op, unknown);
	for (size_t r = 0; r < st_op_num_regions(op); r++)
		for (st_block *b = st_op_region(op, r)->first; b; b = b->next)
			for (uint32_t a = 0; a < b->nargs; a++)
				b->args[a]->loc = unknown;
	return ST_WALK_ADVANCE;
}

static st_status run(st_pass *pass, st_op *op) {
	st_attr *unknown = st_loc_unknown(st_pass_context(pass));
	if (!unknown)
		return ST_FAIL;
	st_walk(op, ST_WALK_PRE, strip, unknown);
	/* Locations take part in no analysis. */
	st_pass_preserve_all_analyses(pass);
	return ST_OK;
}

const st_pass_def st__pass_strip_debuginfo = {
	.name = "strip-debuginfo",
	.summary = "Replace every location with loc(unknown)",
	.run = run,
	.display_name = "StripDebugInfo",
};
