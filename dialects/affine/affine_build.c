/* The builders of strata/affine.h: affine ops created at a rewriter's
 * insertion point with their attributes and bodies in MLIR's layout. */
#include "affine_internal.h"

static st_named_attr named(st_context *ctx, const char *name, st_attr *a) {
	st_named_attr n = {st_ident_get_c(ctx, name), a};
	return n;
}

st_op *st_affine_build_yield(st_rewriter *rw, st_attr *loc, size_t n, st_value *const *operands) {
	return st__affine_create(rw, "affine.yield", loc, n, operands, 0, NULL, NULL, 0);
}

/* A block for region `r` with `nargs` arguments of `types` (index when
 * types is NULL), holding an affine.yield when `yield`. */
static st_block *make_body(st_rewriter *rw, st_region *r, size_t nargs, st_type *const *types, st_attr *loc,
                           bool yield) {
	st_context *ctx = st_rewriter_context(rw);
	st_block *b = st_block_create(ctx);
	if (!b)
		return NULL;
	st_region_append_block(r, b);
	for (size_t i = 0; i < nargs; i++)
		if (!st_block_add_arg(b, types ? types[i] : st_index_type(ctx), loc))
			return NULL;
	if (yield) {
		st_op_state s = {.name = st_str_c("affine.yield"), .loc = loc};
		st_op *y = st_op_create(ctx, &s);
		if (!y)
			return NULL;
		st_block_append_op(b, y);
	}
	return b;
}

st_op *st_affine_build_for(st_rewriter *rw, st_attr *loc, const st_affine_map *lb, size_t nlb,
                           st_value *const *lb_ops, const st_affine_map *ub, size_t nub, st_value *const *ub_ops,
                           int64_t step, size_t ninits, st_value *const *inits) {
	st_context *ctx = st_rewriter_context(rw);
	size_t n = nlb + nub + ninits;
	st_value *small[16], **ops = n <= 16 ? small : st_ctx_alloc(ctx, n * sizeof *ops);
	st_type *tsmall[16], **types = ninits + 1 <= 16 ? tsmall : st_ctx_alloc(ctx, (ninits + 1) * sizeof *types);
	st_op *op = NULL;
	if (!ops || !types)
		goto out;
	st__affine_copy(ops, lb_ops, nlb);
	st__affine_copy(ops + nlb, ub_ops, nub);
	st__affine_copy(ops + nlb + nub, inits, ninits);
	types[0] = st_index_type(ctx);
	for (size_t i = 0; i < ninits; i++)
		types[i + 1] = st_value_type(inits[i]);
	st_named_attr attrs[3] = {
		named(ctx, "lowerBoundMap", st_affine_map_attr(ctx, lb)),
		named(ctx, "step", st_integer_attr(ctx, st_index_type(ctx), step)),
		named(ctx, "upperBoundMap", st_affine_map_attr(ctx, ub)),
	};
	op = st__affine_create(rw, "affine.for", loc, n, ops, ninits, types + 1, st_dict_attr(ctx, 3, attrs), 1);
	if (op && !make_body(rw, st_op_region(op, 0), ninits + 1, types, loc, ninits == 0))
		op = NULL;
out:
	if (ops && ops != small)
		st_ctx_free(ctx, ops, n * sizeof *ops);
	if (types && types != tsmall)
		st_ctx_free(ctx, types, (ninits + 1) * sizeof *types);
	return op;
}

st_op *st_affine_build_const_for(st_rewriter *rw, st_attr *loc, int64_t lb, int64_t ub, int64_t step) {
	st_context *ctx = st_rewriter_context(rw);
	return st_affine_build_for(rw, loc, st_affine_map_constant(ctx, lb), 0, NULL, st_affine_map_constant(ctx, ub), 0,
	                           NULL, step, 0, NULL);
}

st_op *st_affine_build_apply(st_rewriter *rw, st_attr *loc, const st_affine_map *map, size_t n,
                             st_value *const *operands) {
	st_context *ctx = st_rewriter_context(rw);
	st_type *index = st_index_type(ctx);
	st_named_attr a = named(ctx, "map", st_affine_map_attr(ctx, map));
	return st__affine_create(rw, "affine.apply", loc, n, operands, 1, &index, st_dict_attr(ctx, 1, &a), 0);
}

/* [value][memref][map operands] in one list. */
static st_op *build_access(st_rewriter *rw, const char *name, st_attr *loc, st_value *value, st_value *memref,
                           const st_affine_map *map, size_t n, st_value *const *operands) {
	st_context *ctx = st_rewriter_context(rw);
	size_t lead = value ? 2 : 1, total = lead + n;
	st_value *small[16], **ops = total <= 16 ? small : st_ctx_alloc(ctx, total * sizeof *ops);
	if (!ops)
		return NULL;
	if (value)
		ops[0] = value;
	ops[lead - 1] = memref;
	st__affine_copy(ops + lead, operands, n);
	st_type *elt = st_type_element(st_value_type(memref));
	st_named_attr a = named(ctx, "map", st_affine_map_attr(ctx, map));
	st_op *op = st__affine_create(rw, name, loc, total, ops, value ? 0 : 1, &elt, st_dict_attr(ctx, 1, &a), 0);
	if (ops != small)
		st_ctx_free(ctx, ops, total * sizeof *ops);
	return op;
}

st_op *st_affine_build_load(st_rewriter *rw, st_attr *loc, st_value *memref, const st_affine_map *map, size_t n,
                            st_value *const *operands) {
	return build_access(rw, "affine.load", loc, NULL, memref, map, n, operands);
}

st_op *st_affine_build_store(st_rewriter *rw, st_attr *loc, st_value *value, st_value *memref,
                             const st_affine_map *map, size_t n, st_value *const *operands) {
	return build_access(rw, "affine.store", loc, value, memref, map, n, operands);
}

st_op *st_affine_build_if(st_rewriter *rw, st_attr *loc, const st_integer_set *set, size_t n,
                          st_value *const *operands, size_t nresults, st_type *const *result_types, bool with_else) {
	st_context *ctx = st_rewriter_context(rw);
	st_named_attr a = named(ctx, "condition", st_integer_set_attr(ctx, set));
	st_op *op = st__affine_create(rw, "affine.if", loc, n, operands, nresults, result_types, st_dict_attr(ctx, 1, &a), 2);
	if (!op || !make_body(rw, st_op_region(op, 0), 0, NULL, loc, nresults == 0))
		return NULL;
	if (with_else && !make_body(rw, st_op_region(op, 1), 0, NULL, loc, nresults == 0))
		return NULL;
	return op;
}
