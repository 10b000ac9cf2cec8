/* The scf dialect's semantics for the interpreter (docs/interpreter.md).
 * Terminators yield their operands; the op that owns the region decides
 * what to do with them (loop again, become results).  scf.parallel runs its
 * iterations in row-major order and folds each scf.reduce operand into its
 * accumulator with the reduction's region.  Poison bounds, conditions and
 * switch arguments, and a step that is not positive, are undefined. */
#include "scf_interp.h"

#include "strata/dialect.h"

#include <string.h>

static const char *name_of(const st_interp_exec *x) { return st_op_name_cstr(st_interp_exec_op(x)); }

/* Terminators: scf.yield, scf.condition, scf.reduce, scf.reduce.return. */
static st_status exec_yield(st_interp_exec *x) {
	st_interp_yield(x, 0, x->iop->noperands);
	return ST_OK;
}

static st_status exec_condition(st_interp_exec *x) {
	if (st_failed(st_interp_check_poison(x, 0, "the condition")))
		return ST_FAIL;
	st_interp_yield(x, 0, x->iop->noperands);
	return ST_OK;
}

/* Runs region `r` and makes what it yields the op's results. */
static st_status run_to_results(st_interp_exec *x, size_t r) {
	if (st_failed(st_interp_run_region(x, r)))
		return ST_FAIL;
	return st_interp_forward(x, 0, -1, 0);
}

/* ---------------------------------------------------------------- loops */

static int64_t sext64(uint64_t v, unsigned w) {
	return w < 64 && (v >> (w - 1)) & 1 ? (int64_t)(v | ~((1ull << w) - 1)) : (int64_t)v;
}

/* A bound or step: not poison, at most 64 bits (index is 64). */
static st_status check_bound(st_interp_exec *x, size_t i, const char *what) {
	if (st_failed(st_interp_check_poison(x, i, what)))
		return ST_FAIL;
	if (st_interp_int_width(st_interp_operand(x, i)->type) > 64)
		return st_interp_error(x, "no interpreter semantics for '%s' on integers wider than 64 bits", name_of(x));
	return ST_OK;
}

static st_status exec_for(st_interp_exec *x) {
	if (st_failed(check_bound(x, 0, "the lower bound")) || st_failed(check_bound(x, 1, "the upper bound")) ||
	    st_failed(check_bound(x, 2, "the step")))
		return ST_FAIL;
	st_type *t = st_interp_operand(x, 0)->type;
	unsigned w = st_interp_int_width(t);
	uint64_t mask = w < 64 ? (1ull << w) - 1 : ~0ull;
	uint64_t lb = st_interp_operand(x, 0)->u.bits, ub = st_interp_operand(x, 1)->u.bits;
	uint64_t step = st_interp_operand(x, 2)->u.bits;
	bool is_unsigned = st_op_get_attr(st_interp_exec_op(x), "unsignedCmp") != NULL;
	if (is_unsigned ? step == 0 : sext64(step, w) <= 0)
		return st_interp_ub(x, "step %lld of '%s' is not positive", (long long)sext64(step, w), name_of(x));
	size_t n = x->iop->noperands - 3;
	for (size_t i = 0; i < n; i++)
		st_interp_set_region_arg(x, 0, i + 1, st_ival_retain(st_interp_operand(x, 3 + i)));
	/* The induction variable wraps as the lowered loop's addition does. */
	for (uint64_t iv = lb; is_unsigned ? iv < ub : sext64(iv, w) < sext64(ub, w); iv = (iv + step) & mask) {
		st_interp_set_region_arg(x, 0, 0, st_ival_bits(t, iv));
		if (st_failed(st_interp_run_region(x, 0)) || st_failed(st_interp_forward(x, 0, 0, 1)))
			return ST_FAIL;
	}
	/* The results: the iteration arguments as the last trip left them. */
	for (size_t i = 0; i < n; i++)
		st_interp_set_result(x, i, st_ival_retain(st_interp_region_arg(x, 0, i + 1)));
	return ST_OK;
}

static st_status exec_while(st_interp_exec *x) {
	size_t n = x->iop->noperands;
	for (size_t i = 0; i < n; i++)
		st_interp_set_region_arg(x, 0, i, st_ival_retain(st_interp_operand(x, i)));
	for (;;) {
		if (st_failed(st_interp_run_region(x, 0)))
			return ST_FAIL;
		/* scf.condition checked its condition for poison. */
		if (!(st_interp_yielded(x, 0)->u.bits & 1))
			return st_interp_forward(x, 1, -1, 0);
		if (st_failed(st_interp_forward(x, 1, 1, 0)) || st_failed(st_interp_run_region(x, 1)) ||
		    st_failed(st_interp_forward(x, 0, 0, 0)))
			return ST_FAIL;
	}
}

static st_status run_parallel(st_interp_exec *x, size_t n, int64_t *lb, int64_t *ub, int64_t *iv);

/* Iterations in row-major order over the box [lb, ub) with the steps. */
static st_status exec_parallel(st_interp_exec *x) {
	size_t nres = x->iop->nresults, n = (x->iop->noperands - nres) / 3;
	st_context *ctx = st_interp_exec_context(x);
	int64_t small[3 * 8];
	int64_t *v = n <= 8 ? small : st_ctx_alloc(ctx, 3 * n * sizeof *v);
	if (!v)
		return ST_FAIL;
	st_status s = run_parallel(x, n, v, v + n, v + 2 * n);
	if (v != small)
		st_ctx_free(ctx, v, 3 * n * sizeof *v);
	return s;
}

static st_status run_parallel(st_interp_exec *x, size_t n, int64_t *lb, int64_t *ub, int64_t *iv) {
	size_t nres = x->iop->nresults;
	for (size_t d = 0; d < n; d++) {
		if (st_failed(st_interp_check_poison(x, d, "a lower bound")) ||
		    st_failed(st_interp_check_poison(x, n + d, "an upper bound")) ||
		    st_failed(st_interp_check_poison(x, 2 * n + d, "a step")))
			return ST_FAIL;
		lb[d] = iv[d] = (int64_t)st_interp_operand(x, d)->u.bits;
		ub[d] = (int64_t)st_interp_operand(x, n + d)->u.bits;
		if ((int64_t)st_interp_operand(x, 2 * n + d)->u.bits <= 0)
			return st_interp_ub(x, "step %lld of '%s' is not positive",
			                    (long long)st_interp_operand(x, 2 * n + d)->u.bits, name_of(x));
	}
	for (size_t k = 0; k < nres; k++)
		st_interp_set_result(x, k, st_ival_retain(st_interp_operand(x, 3 * n + k)));
	bool empty = false;
	for (size_t d = 0; d < n; d++)
		empty = empty || lb[d] >= ub[d];
	while (!empty) {
		for (size_t d = 0; d < n; d++)
			st_interp_set_region_arg(x, 0, d, st_ival_bits(st_index_type(st_interp_exec_context(x)), (uint64_t)iv[d]));
		if (st_failed(st_interp_run_region(x, 0)))
			return ST_FAIL;
		const st_interp_op *red = st_interp_yielder(x);
		if (red->nregions < nres)
			return st_interp_error(x, "no interpreter semantics for '%s' whose body ends in '%s'", name_of(x),
			                       st_op_name_cstr(red->op));
		/* acc_k = reduction_k(acc_k, value_k); the values stay in their
		 * slots while the reductions run. */
		for (size_t k = 0; k < nres; k++) {
			st_interp_set_op_region_arg(x, red, k, 0, st_ival_retain(st_interp_result(x, k)));
			st_interp_set_op_region_arg(x, red, k, 1, st_ival_retain(&x->slots[red->operands[k]]));
			if (st_failed(st_interp_run_op_region(x, red, k)))
				return ST_FAIL;
			st_interp_set_result(x, k, st_ival_retain(st_interp_yielded(x, 0)));
		}
		size_t d = n;
		while (d-- > 0) {
			uint64_t step = st_interp_operand(x, 2 * n + d)->u.bits;
			if ((uint64_t)ub[d] - (uint64_t)iv[d] > step) {
				iv[d] = (int64_t)((uint64_t)iv[d] + step);
				break;
			}
			iv[d] = lb[d];
		}
		empty = d == (size_t)-1;
	}
	return ST_OK;
}

/* ------------------------------------------------------------ branches */

static st_status exec_if(st_interp_exec *x) {
	if (st_failed(st_interp_check_poison(x, 0, "the condition")))
		return ST_FAIL;
	size_t r = st_interp_operand(x, 0)->u.bits & 1 ? 0 : 1;
	if (x->iop->nresults == 0 && r == 1 && st_region_is_empty(st_op_region(st_interp_exec_op(x), 1)))
		return ST_OK; /* no else */
	return run_to_results(x, r);
}

static st_status exec_execute_region(st_interp_exec *x) { return run_to_results(x, 0); }

/* Region 0 is the default, region i + 1 takes cases[i]. */
static st_status exec_index_switch(st_interp_exec *x) {
	if (st_failed(st_interp_check_poison(x, 0, "the argument")))
		return ST_FAIL;
	int64_t v = (int64_t)st_interp_operand(x, 0)->u.bits;
	st_attr *cases = st_op_get_attr(st_interp_exec_op(x), "cases");
	size_t r = 0;
	for (size_t i = 0; cases && i < st_attr_dense_array_size(cases) && !r; i++)
		if (st_attr_dense_array_int(cases, i) == v)
			r = i + 1;
	return run_to_results(x, r);
}

const st_interp_hook st__scf_yield_interp = {.exec = exec_yield};
const st_interp_hook st__scf_condition_interp = {.exec = exec_condition};
const st_interp_hook st__scf_for_interp = {.exec = exec_for};
const st_interp_hook st__scf_while_interp = {.exec = exec_while};
const st_interp_hook st__scf_parallel_interp = {.exec = exec_parallel};
const st_interp_hook st__scf_if_interp = {.exec = exec_if};
const st_interp_hook st__scf_execute_region_interp = {.exec = exec_execute_region};
const st_interp_hook st__scf_index_switch_interp = {.exec = exec_index_switch};
