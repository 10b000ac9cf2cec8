/* The builders of strata/comb.h: each comb op with the attributes and the
 * result type its text would parse to (an icmp's predicate as an i64, an
 * extract's low bit as an i32, a concat as wide as its operands). */
#include "comb_internal.h"

static st_value *result(st_op *op) { return op ? st_op_result(op, 0) : NULL; }

static bool operands_ok(st_hw_builder *b, size_t n, st_value *const *v) {
	bool ok = n > 0;
	for (size_t i = 0; i < n; i++)
		ok = ok && v[i];
	if (!ok)
		b->failed = true;
	return ok;
}

static st_attr *one(st_context *ctx, const char *name, st_attr *v) {
	st_named_attr e = {st_ident_get_c(ctx, name), v};
	return v ? st_dict_attr(ctx, 1, &e) : NULL;
}

st_value *st_comb_build(st_hw_builder *b, st_comb_kind kind, size_t n, st_value *const *operands) {
	bool variadic = kind >= ST_COMB_ADD && kind <= ST_COMB_XOR, binary = kind >= ST_COMB_SUB && kind <= ST_COMB_SHRS;
	if (!operands_ok(b, n, operands) || !(variadic || (binary && n == 2))) {
		b->failed = true;
		return NULL;
	}
	st_type *t = st_value_type(operands[0]);
	return result(st_build_op(b, st__comb_op_name(kind), n, operands, 1, &t, NULL, 0));
}

st_value *st_comb_build_binary(st_hw_builder *b, st_comb_kind kind, st_value *lhs, st_value *rhs) {
	st_value *ops[2] = {lhs, rhs};
	return st_comb_build(b, kind, 2, ops);
}

st_value *st_comb_build_icmp(st_hw_builder *b, st_comb_pred pred, st_value *lhs, st_value *rhs) {
	st_value *ops[2] = {lhs, rhs};
	if (!operands_ok(b, 2, ops))
		return NULL;
	st_type *i1 = st_integer_type(b->ctx, 1, ST_SIGNLESS);
	st_attr *p = st_integer_attr(b->ctx, st_integer_type(b->ctx, 64, ST_SIGNLESS), (int64_t)pred);
	return result(st_build_op(b, "comb.icmp", 2, ops, 1, &i1, one(b->ctx, "predicate", p), 0));
}

st_value *st_comb_build_mux(st_hw_builder *b, st_value *cond, st_value *t, st_value *f) {
	st_value *ops[3] = {cond, t, f};
	if (!operands_ok(b, 3, ops))
		return NULL;
	st_type *ty = st_value_type(t);
	return result(st_build_op(b, "comb.mux", 3, ops, 1, &ty, NULL, 0));
}

st_value *st_comb_build_concat(st_hw_builder *b, size_t n, st_value *const *operands) {
	if (!operands_ok(b, n, operands))
		return NULL;
	uint64_t w = 0;
	for (size_t i = 0; i < n; i++)
		w += st_type_int_width(st_value_type(operands[i]));
	if (w > ST_MAX_INT_WIDTH) {
		b->failed = true;
		return NULL;
	}
	st_type *t = st_integer_type(b->ctx, (unsigned)w, ST_SIGNLESS);
	return result(st_build_op(b, "comb.concat", n, operands, 1, &t, NULL, 0));
}

st_value *st_comb_build_extract(st_hw_builder *b, st_value *input, unsigned low, unsigned width) {
	if (!operands_ok(b, 1, &input))
		return NULL;
	st_type *t = st_integer_type(b->ctx, width, ST_SIGNLESS);
	st_attr *lo = st_integer_attr(b->ctx, st_integer_type(b->ctx, 32, ST_SIGNLESS), (int64_t)low);
	return result(st_build_op(b, "comb.extract", 1, &input, 1, &t, one(b->ctx, "lowBit", lo), 0));
}

st_value *st_comb_build_replicate(st_hw_builder *b, st_value *input, unsigned width) {
	if (!operands_ok(b, 1, &input))
		return NULL;
	st_type *t = st_integer_type(b->ctx, width, ST_SIGNLESS);
	return result(st_build_op(b, "comb.replicate", 1, &input, 1, &t, NULL, 0));
}

st_value *st_comb_build_parity(st_hw_builder *b, st_value *input) {
	if (!operands_ok(b, 1, &input))
		return NULL;
	st_type *i1 = st_integer_type(b->ctx, 1, ST_SIGNLESS);
	return result(st_build_op(b, "comb.parity", 1, &input, 1, &i1, NULL, 0));
}
