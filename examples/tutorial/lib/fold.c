/* The mod dialect's folders: given the constant operands (NULL where an
 * operand is not constant), an op either becomes a constant (an attribute
 * in results[0].attr), becomes one of its operands (results[0].value), or
 * stays.  The arithmetic is mod_internal.h's, the interpreter's too. */
#include "mod_internal.h"

static uint64_t modulus_of(st_op *op) { return mod_int_modulus(st_value_type(st_op_result(op, 0))); }

/* The residue a constant operand holds, if it is one. */
static bool residue(st_attr *a, uint64_t *v) { return a && mod_residue_value(a, v); }

static bool fold_to(st_op *op, st_fold_result *results, uint64_t v) {
	results[0].attr = mod_residue_attr(st_op_context(op), v);
	return results[0].attr != NULL;
}

/* Both operands constant: the result.  One is the identity `unit`
 * (0 for add, 1 for mul): the other operand.  (The core puts constants of
 * a commutative op on the right first, so only `rhs` needs looking at.) */
static bool fold_binary(st_op *op, st_attr *const *operands, st_fold_result *results, uint64_t unit,
                        uint64_t (*eval)(uint64_t, uint64_t, uint64_t)) {
	uint64_t a, b;
	bool ca = residue(operands[0], &a), cb = residue(operands[1], &b);
	if (ca && cb)
		return fold_to(op, results, eval(a, b, modulus_of(op)));
	if (cb && b == unit) {
		results[0].value = st_op_operand(op, 0);
		return true;
	}
	return false;
}

bool mod__fold_add(st_op *op, st_attr *const *operands, st_fold_result *results) {
	return fold_binary(op, operands, results, 0, mod__add);
}

bool mod__fold_mul(st_op *op, st_attr *const *operands, st_fold_result *results) {
	uint64_t b;
	if (residue(operands[1], &b) && b == 0)
		return fold_to(op, results, 0);
	return fold_binary(op, operands, results, 1, mod__mul);
}

/* x^0 = 1 and x^1 = x whatever x is; constants fold. */
bool mod__fold_pow(st_op *op, st_attr *const *operands, st_fold_result *results) {
	if (!operands[1] || st_attr_get_kind(operands[1]) != ST_ATTR_INTEGER)
		return false;
	int64_t e = st_attr_int_value(operands[1]);
	uint64_t base;
	if (e == 1) {
		results[0].value = st_op_operand(op, 0);
		return true;
	}
	if (e <= 0 || residue(operands[0], &base))
		return fold_to(op, results, e <= 0 ? 1 : mod__pow(base, e, modulus_of(op)));
	return false;
}

bool mod__fold_from_int(st_op *op, st_attr *const *operands, st_fold_result *results) {
	if (!operands[0] || st_attr_get_kind(operands[0]) != ST_ATTR_INTEGER)
		return false;
	return fold_to(op, results, mod__from_int(st_attr_int_value(operands[0]), modulus_of(op)));
}

bool mod__fold_to_int(st_op *op, st_attr *const *operands, st_fold_result *results) {
	uint64_t v;
	if (!residue(operands[0], &v))
		return false;
	st_type *i64 = st_value_type(st_op_result(op, 0));
	results[0].attr = st_integer_attr(st_op_context(op), i64, (int64_t)v);
	return results[0].attr != NULL;
}
