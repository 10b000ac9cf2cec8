/* The arith builder of strata/arith.h. */
#include "strata/arith.h"

st_arith_builder st_arith_builder_before(st_op *before) { return st_builder_before(before); }

st_value *st_arith_build(st_arith_builder *b, const char *name, size_t n, st_value *const *operands, st_type *result,
                         st_attr *attrs) {
	st_op *op = st_build_op(b, name, n, operands, 1, &result, attrs, 0);
	return op ? st_op_result(op, 0) : NULL;
}

static st_value *with_attr(st_arith_builder *b, const char *name, size_t n, st_value *const *operands,
                           st_type *result, const char *attr, st_attr *value) {
	st_named_attr e = {st_ident_get_c(b->ctx, attr), value};
	st_attr *dict = value ? st_dict_attr(b->ctx, 1, &e) : NULL;
	if (!dict) {
		b->failed = true;
		return NULL;
	}
	return st_arith_build(b, name, n, operands, result, dict);
}

st_value *st_arith_build_constant(st_arith_builder *b, st_type *type, int64_t value) {
	return with_attr(b, "arith.constant", 0, NULL, type, "value", st_integer_attr(b->ctx, type, value));
}

st_value *st_arith_build_binary(st_arith_builder *b, const char *name, st_value *x, st_value *y) {
	st_value *ops[] = {x, y};
	return st_arith_build(b, name, 2, ops, x ? st_value_type(x) : NULL, NULL);
}

st_value *st_arith_build_cmpi(st_arith_builder *b, int predicate, st_value *x, st_value *y) {
	st_value *ops[] = {x, y};
	st_attr *p = st_integer_attr(b->ctx, st_integer_type(b->ctx, 64, ST_SIGNLESS), predicate);
	return with_attr(b, "arith.cmpi", 2, ops, st_integer_type(b->ctx, 1, ST_SIGNLESS), "predicate", p);
}

st_value *st_arith_build_select(st_arith_builder *b, st_value *cond, st_value *x, st_value *y) {
	st_value *ops[] = {cond, x, y};
	return st_arith_build(b, "arith.select", 3, ops, x ? st_value_type(x) : NULL, NULL);
}

st_value *st_arith_build_cast(st_arith_builder *b, const char *name, st_value *x, st_type *type) {
	return st_arith_build(b, name, 1, &x, type, NULL);
}
