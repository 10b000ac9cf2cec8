/* What the mod ops mean when Strata's interpreter runs them (strata-run,
 * strata-tv).  A residue is held as an st_ival of kind ST_IVAL_BITS whose
 * bits are the value; poison in gives poison out, as for arith. */
#include "mod_internal.h"

static uint64_t modulus(const st_interp_exec *x) { return mod_int_modulus(st_interp_result_type(x, 0)); }

/* Result 0 gets `v`, or poison when any operand is poison. */
static st_status set(st_interp_exec *x, uint64_t v) {
	st_type *t = st_interp_result_type(x, 0);
	for (size_t i = 0; i < st_op_num_operands(st_interp_exec_op(x)); i++)
		if (st_interp_operand(x, i)->poison) {
			st_interp_set_result(x, 0, st_ival_poison(t));
			return ST_OK;
		}
	st_interp_set_result(x, 0, st_ival_bits(t, v));
	return ST_OK;
}

static uint64_t operand(const st_interp_exec *x, size_t i) { return st_interp_operand(x, i)->u.bits; }

static st_status exec_constant(st_interp_exec *x) {
	uint64_t v = 0;
	mod_residue_value(st_op_get_attr(st_interp_exec_op(x), "value"), &v);
	return set(x, v);
}

static st_status exec_add(st_interp_exec *x) { return set(x, mod__add(operand(x, 0), operand(x, 1), modulus(x))); }
static st_status exec_mul(st_interp_exec *x) { return set(x, mod__mul(operand(x, 0), operand(x, 1), modulus(x))); }
static st_status exec_pow(st_interp_exec *x) {
	return set(x, mod__pow(operand(x, 0), (int64_t)operand(x, 1), modulus(x)));
}
static st_status exec_from_int(st_interp_exec *x) {
	return set(x, mod__from_int((int64_t)operand(x, 0), modulus(x)));
}
/* The residue is already the i64 it stands for. */
static st_status exec_to_int(st_interp_exec *x) { return set(x, operand(x, 0)); }

const st_interp_hook mod__constant_interp = {exec_constant, NULL};
const st_interp_hook mod__add_interp = {exec_add, NULL};
const st_interp_hook mod__mul_interp = {exec_mul, NULL};
const st_interp_hook mod__pow_interp = {exec_pow, NULL};
const st_interp_hook mod__from_int_interp = {exec_from_int, NULL};
const st_interp_hook mod__to_int_interp = {exec_to_int, NULL};
