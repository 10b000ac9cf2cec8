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

/* Whether a flag of any width equals a case value (dense elements hold it
 * sign-extended to 64 bits). */
static bool flag_is(const st_ival *flag, int64_t v) {
	unsigned w = st_interp_int_width(flag->type);
	const uint64_t *words = st_ival_words(flag);
	size_t n = (w + 63) / 64;
	for (size_t i = 0; i < n; i++) {
		uint64_t want = i == 0 ? (uint64_t)v : v < 0 ? ~0ull : 0;
		unsigned bits = i == n - 1 && w % 64 ? w % 64 : 64;
		uint64_t mask = bits == 64 ? ~0ull : (1ull << bits) - 1;
		if ((words[i] & mask) != (want & mask))
			return false;
	}
	return true;
}

/* Successor 0 is the default, successor i + 1 takes case_values[i]. */
static st_status exec_switch(st_interp_exec *x) {
	if (st_failed(st_interp_check_poison(x, 0, "the flag")))
		return ST_FAIL;
	const st_ival *flag = st_interp_operand(x, 0);
	st_attr *cases = st_op_get_attr(st_interp_exec_op(x), "case_values");
	size_t n = cases ? st_attr_dense_num_values(cases) : 0;
	size_t ncases = x->iop->nsuccessors - 1;
	for (size_t i = 0; i < ncases; i++) {
		if (flag_is(flag, st_attr_dense_int(cases, n == 1 ? 0 : i))) {
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
