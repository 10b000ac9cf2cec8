/* The func dialect's semantics for the interpreter: calls (direct and
 * through function values), function constants and return.  Frames,
 * argument passing and the poison checks at calls and returns are the
 * framework's (st_interp_call_op). */
#include "func_interp.h"

#include "strata/dialect.h"

/* The callee is resolved once, when the op is compiled. */
static st_status resolve(st_interp *it, st_interp_op *iop, const char *attr) {
	(void)it;
	st_attr *ref = st_op_get_attr(iop->op, attr);
	iop->ptr = ref ? st_symbol_lookup_nearest(iop->op, ref) : NULL;
	return ST_OK;
}

static st_status prepare_call(st_interp *it, st_interp_op *iop) { return resolve(it, iop, "callee"); }
static st_status prepare_constant(st_interp *it, st_interp_op *iop) { return resolve(it, iop, "value"); }

static st_status exec_call(st_interp_exec *x) {
	st_op *callee = (st_op *)x->iop->ptr;
	if (!callee)
		return st_interp_error(x, "'%s' names no function", st_op_name_cstr(st_interp_exec_op(x)));
	return st_interp_call_op(x, callee, 0);
}

static st_status exec_call_indirect(st_interp_exec *x) {
	if (st_failed(st_interp_check_poison(x, 0, "the callee")))
		return ST_FAIL;
	return st_interp_call_op(x, st_interp_operand(x, 0)->u.fn, 1);
}

static st_status exec_constant(st_interp_exec *x) {
	st_op *fn = (st_op *)x->iop->ptr;
	if (!fn)
		return st_interp_error(x, "'%s' names no function", st_op_name_cstr(st_interp_exec_op(x)));
	st_ival v = {.type = st_interp_result_type(x, 0), .kind = ST_IVAL_FUNC, .u.fn = fn};
	st_interp_set_result(x, 0, v);
	return ST_OK;
}

static st_status exec_return(st_interp_exec *x) {
	st_interp_yield(x, 0, x->iop->noperands);
	return ST_OK;
}

const st_interp_hook st__func_call_interp = {.exec = exec_call, .prepare = prepare_call};
const st_interp_hook st__func_call_indirect_interp = {.exec = exec_call_indirect};
const st_interp_hook st__func_constant_interp = {.exec = exec_constant, .prepare = prepare_constant};
const st_interp_hook st__func_return_interp = {.exec = exec_return};
