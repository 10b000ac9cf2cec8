/* hw's folders: constants, bitcast of a bitcast, wires of nothing named,
 * array_get of array_create with a constant index, struct_extract of
 * struct_create; and constant materialisation for the folder. */
#include "hw_internal.h"

#include <string.h>

bool st__hw_fold_constant(st_op *op, st_attr *const *operands, st_fold_result *results) {
	(void)operands;
	results[0].attr = st_op_get_attr(op, "value");
	return true;
}

bool st__hw_fold_bitcast(st_op *op, st_attr *const *operands, st_fold_result *results) {
	(void)operands;
	st_value *in = st_op_operand(op, 0);
	st_type *rt = st_value_type(st_op_result(op, 0));
	if (st_value_type(in) == rt) {
		results[0].value = in;
		return true;
	}
	st_op *d = st_value_defining_op(in);
	if (d && strcmp(st_op_name_cstr(d), "hw.bitcast") == 0 && st_value_type(st_op_operand(d, 0)) == rt) {
		results[0].value = st_op_operand(d, 0);
		return true;
	}
	return false;
}

bool st__hw_fold_wire(st_op *op, st_attr *const *operands, st_fold_result *results) {
	(void)operands;
	/* A wire exists to carry a name; without one it is an identity. */
	if (st_op_get_attr(op, "name") || st_op_get_attr(op, "sv.namehint"))
		return false;
	results[0].value = st_op_operand(op, 0);
	return true;
}

bool st__hw_fold_array_get(st_op *op, st_attr *const *operands, st_fold_result *results) {
	st_op *d = st_value_defining_op(st_op_operand(op, 0));
	if (!operands[1] || !d || strcmp(st_op_name_cstr(d), "hw.array_create") != 0)
		return false;
	uint64_t i = st_attr_int_uvalue(operands[1]), n = st_op_num_operands(d);
	if (i >= n)
		return false;
	results[0].value = st_op_operand(d, n - 1 - i);
	return true;
}

bool st__hw_fold_struct_extract(st_op *op, st_attr *const *operands, st_fold_result *results) {
	(void)operands;
	st_op *d = st_value_defining_op(st_op_operand(op, 0));
	if (!d || strcmp(st_op_name_cstr(d), "hw.struct_create") != 0)
		return false;
	results[0].value = st_op_operand(d, (size_t)st_attr_int_value(st_op_get_attr(op, "fieldIndex")));
	return true;
}

st_op *st__hw_materialize_constant(st_context *ctx, st_attr *value, st_type *type, st_attr *loc) {
	if (st_attr_get_kind(value) != ST_ATTR_INTEGER || st_attr_type(value) != type || !st_type_is_signless_integer(type, 0))
		return NULL;
	st_named_attr a = {st_ident_get_c(ctx, "value"), value};
	st_op_state s = {.name = st_str_c("hw.constant"), .loc = loc, .nresults = 1, .result_types = &type,
	                 .attrs = st_dict_attr(ctx, 1, &a)};
	return st_op_create(ctx, &s);
}
