/* The builder place of strata/builder.h: one op creation that every
 * dialect's builders go through, directly or through a rewriter. */
#include "strata/builder.h"
#include "strata/rewrite.h"

#include <string.h>

st_builder st_builder_at_end(st_context *ctx, st_block *block, st_attr *loc) {
	st_builder b = {.ctx = ctx, .block = block, .loc = loc};
	return b;
}

st_builder st_builder_before(st_op *op) {
	st_builder b = {.ctx = st_op_context(op), .block = st_op_block(op), .before = op, .loc = st_op_loc(op)};
	return b;
}

st_op *st_build_op(st_builder *b, const char *name, size_t n, st_value *const *operands, size_t nresults,
                   st_type *const *result_types, st_attr *attrs, size_t nregions) {
	bool ok = !b->failed;
	for (size_t i = 0; ok && i < n; i++)
		ok = operands[i] != NULL;
	for (size_t i = 0; ok && i < nresults; i++)
		ok = result_types[i] != NULL;
	st_op_state s = {
		.name = {name, strlen(name)},
		.loc = b->loc,
		.noperands = n,
		.operands = operands,
		.nresults = nresults,
		.result_types = result_types,
		.attrs = attrs,
		.nregions = nregions,
	};
	st_op *op = NULL;
	if (ok && b->rw) {
		if (b->before)
			st_rewriter_set_insertion_before(b->rw, b->before);
		else
			st_rewriter_set_insertion_end(b->rw, b->block);
		op = st_rewriter_create(b->rw, &s);
	} else if (ok && (op = st_op_create(b->ctx, &s)) && b->block) {
		st_block_insert_op_before(b->block, b->before, op);
	}
	if (!op)
		b->failed = true;
	return op;
}
