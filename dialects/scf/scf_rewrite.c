/* What the scf patterns build with: creating ops through the rewriter,
 * value lists that grow, replacing an op by the body of one of its regions
 * (MLIR's replaceOpWithRegion), and questions about where values live. */
#include "scf_internal.h"

st_op *st__scf_create(st_rewriter *rw, const char *name, st_attr *loc, size_t nops, st_value *const *ops, size_t nres,
                      st_type *const *types, st_attr *attrs, size_t nregions) {
	st_op_state s = {
		.name = st_str_c(name),
		.loc = loc,
		.noperands = nops,
		.operands = ops,
		.nresults = nres,
		.result_types = types,
		.attrs = attrs,
		.nregions = nregions,
	};
	return st_rewriter_create(rw, &s);
}

bool st__scf_vec_push(st_context *ctx, st__scf_vec *v, st_value *x) {
	if (!st_ctx_grow(ctx, (void **)&v->v, &v->cap, v->small, sizeof *v->v, v->n + 1))
		return false;
	v->v[v->n++] = x;
	return true;
}

void st__scf_vec_init(st__scf_vec *v) {
	v->v = v->small;
	v->n = 0;
	v->cap = sizeof v->small / sizeof v->small[0];
}

void st__scf_vec_free(st_context *ctx, st__scf_vec *v) {
	if (v->v != v->small)
		st_ctx_free(ctx, v->v, v->cap * sizeof *v->v);
	st__scf_vec_init(v);
}

bool st__scf_vec_operands(st_context *ctx, st__scf_vec *v, st_op *op, size_t start, size_t n) {
	for (size_t i = 0; i < n; i++)
		if (!st__scf_vec_push(ctx, v, st_op_operand(op, start + i)))
			return false;
	return true;
}

bool st__scf_types(st_context *ctx, const st__scf_vec *vals, st__scf_types_vec *out) {
	out->v = out->small;
	out->cap = sizeof out->small / sizeof out->small[0];
	out->n = 0;
	for (size_t i = 0; i < vals->n; i++) {
		if (!st_ctx_grow(ctx, (void **)&out->v, &out->cap, out->small, sizeof *out->v, out->n + 1))
			return false;
		out->v[out->n++] = st_value_type(vals->v[i]);
	}
	return true;
}

void st__scf_types_free(st_context *ctx, st__scf_types_vec *t) {
	if (t->v != t->small)
		st_ctx_free(ctx, t->v, t->cap * sizeof *t->v);
}

/* The body of region `r` (one block) goes before `op`, its block
 * arguments replaced by `args`; `op`'s results become what the block's
 * terminator passed on, and the terminator goes. */
bool st__scf_replace_with_region(st_rewriter *rw, st_op *op, st_region *r, st_value *const *args) {
	st_context *ctx = st_rewriter_context(rw);
	st_block *b = st_region_first_block(r);
	st_op *t = st_block_last_op(b);
	st__scf_vec res;
	st__scf_vec_init(&res);
	if (!st__scf_vec_operands(ctx, &res, t, 0, st_op_num_operands(t))) {
		st__scf_vec_free(ctx, &res);
		return false;
	}
	st_rewriter_inline_block_before(rw, b, op, args);
	st_rewriter_replace_op(rw, op, res.v);
	st_rewriter_erase_op(rw, t);
	st__scf_vec_free(ctx, &res);
	return true;
}

int st__scf_region_of(st_op *op, const st_op *inner) {
	for (const st_op *o = inner; o; o = st_op_parent_op(o)) {
		if (st_op_parent_op(o) == op)
			return (int)st_region_index(st_op_parent_region(o));
	}
	return -1;
}

st_region *st__scf_value_region(const st_value *v) {
	if (st_value_is_block_arg(v))
		return st_block_parent_region(st_value_owner_block(v));
	return st_op_parent_region(st_value_defining_op(v));
}

bool st__scf_defined_outside(st_op *op, const st_value *v) {
	st_region *r = st__scf_value_region(v);
	st_op *owner = r ? st_region_parent_op(r) : NULL;
	return !owner || !st_op_is_ancestor(op, owner);
}

st_op *st__scf_def(const st_value *v, const char *name) {
	st_op *d = st_value_defining_op(v);
	return d && st__scf_is(d, name) ? d : NULL;
}

bool st__scf_const_int(const st_value *v, int64_t *out) {
	st_op *d = st__scf_def(v, "arith.constant");
	st_attr *a = d ? st_op_get_attr(d, "value") : NULL;
	if (!a || st_attr_get_kind(a) != ST_ATTR_INTEGER)
		return false;
	*out = st_attr_int_value(a);
	return true;
}

st_value *st__scf_bool_const(st_rewriter *rw, bool v, st_attr *loc) {
	st_context *ctx = st_rewriter_context(rw);
	st_op *c = st_rewriter_create_constant(rw, NULL, st_bool_attr(ctx, v), st_integer_type(ctx, 1, ST_SIGNLESS), loc);
	return c ? st_op_result(c, 0) : NULL;
}
