/* The cf dialect's semantics for the interpreter.  A branch only names its
 * successor: the framework forwards the operands the branch interface
 * assigns to it.  A poison condition or switch flag is undefined
 * behaviour; a failed cf.assert stops the program. */
#include "cf_interp.h"

static st_status exec_br(st_interp_exec *x) {
	st_interp_branch(x, 0);
	return ST_OK;
}

static st_status exec_cond_br(st_interp_exec *x) {
	if (st_failed(st_interp_check_poison(x, 0, "the condition")))
		return ST_FAIL;
	st_interp_branch(x, st_interp_operand(x, 0)->u.bits & 1 ? 0 : 1);
	return ST_OK;
}

/* Successor 0 is the default, successor i + 1 takes case_values[i]. */
static st_status exec_switch(st_interp_exec *x) {
	if (st_failed(st_interp_check_poison(x, 0, "the flag")))
		return ST_FAIL;
	const st_ival *flag = st_interp_operand(x, 0);
	unsigned w = st_interp_int_width(flag->type);
	if (w > 64)
		return st_interp_error(x, "no interpreter semantics for '%s' on integers wider than 64 bits",
		                       st_op_name_cstr(st_interp_exec_op(x)));
	uint64_t mask = w < 64 ? (1ull << w) - 1 : ~0ull;
	st_attr *cases = st_op_get_attr(st_interp_exec_op(x), "case_values");
	size_t n = cases ? st_attr_dense_num_values(cases) : 0;
	size_t ncases = x->iop->nsuccessors - 1;
	for (size_t i = 0; i < ncases; i++) {
		uint64_t v = (uint64_t)st_attr_dense_int(cases, n == 1 ? 0 : i) & mask;
		if (v == flag->u.bits) {
			st_interp_branch(x, i + 1);
			return ST_OK;
		}
	}
	st_interp_branch(x, 0);
	return ST_OK;
}

static st_status exec_assert(st_interp_exec *x) {
	if (st_failed(st_interp_check_poison(x, 0, "the condition")))
		return ST_FAIL;
	if (st_interp_operand(x, 0)->u.bits & 1)
		return ST_OK;
	st_attr *msg = st_op_get_attr(st_interp_exec_op(x), "msg");
	st_str s = msg ? st_attr_string(msg) : st_str_c("");
	return st_interp_abort(x, "assertion failed: %.*s", (int)s.len, s.data);
}

const st_interp_hook st__cf_assert_interp = {.exec = exec_assert};
const st_interp_hook st__cf_br_interp = {.exec = exec_br};
const st_interp_hook st__cf_cond_br_interp = {.exec = exec_cond_br};
const st_interp_hook st__cf_switch_interp = {.exec = exec_switch};
