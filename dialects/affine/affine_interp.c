/* The affine dialect's semantics for the interpreter (docs/interpreter.md),
 * executed directly rather than through lower-affine, so that the lowering
 * is checked against an independent meaning.  Maps are evaluated with
 * st_affine_map_eval (floor division; a division or modulo by a value < 1
 * is undefined behaviour); a poison operand of a map is undefined.  A loop
 * runs from the max of its lower bounds while below the min of its upper
 * bounds; affine.parallel runs its iterations in row-major order and folds
 * each yielded value into its accumulator with its reduction kind, the
 * accumulator on the left as the lowered scf.reduce does. */
#include "affine_interp.h"
#include "affine_internal.h"

#include <math.h>

static const char *name_of(const st_interp_exec *x) { return st_op_name_cstr(st_interp_exec_op(x)); }

/* Evaluates results [first, first + n) of `m` over operands [start, ...). */
static st_status eval_map(st_interp_exec *x, const st_affine_map *m, size_t start, size_t first, size_t n,
                          int64_t *out) {
	unsigned nd = st_affine_map_num_dims(m), ns = st_affine_map_num_symbols(m);
	int64_t small[16], *vals = nd + ns <= 16 ? small : st_ctx_alloc(st_interp_exec_context(x), (nd + ns) * sizeof *vals);
	if (!vals)
		return ST_FAIL;
	st_status s = ST_OK;
	for (size_t i = 0; i < (size_t)nd + ns && st_succeeded(s); i++) {
		s = st_interp_check_poison(x, start + i, "a map operand");
		vals[i] = (int64_t)st_interp_operand(x, start + i)->u.bits;
	}
	for (size_t r = 0; r < n && st_succeeded(s); r++)
		if (!st_affine_expr_eval(st_affine_map_result(m, first + r), vals, vals + nd, &out[r]))
			s = st_interp_ub(x, "affine map of '%s' cannot be evaluated (overflow, or a division or modulo by a value "
			                    "below 1)",
			                 name_of(x));
	if (vals != small)
		st_ctx_free(st_interp_exec_context(x), vals, (nd + ns) * sizeof *vals);
	return s;
}

/* The max (lower) or min (upper) of results [first, first + n). */
static st_status eval_bound(st_interp_exec *x, const st_affine_map *m, size_t start, size_t first, size_t n, bool lower,
                            int64_t *out) {
	int64_t small[8], *v = n <= 8 ? small : st_ctx_alloc(st_interp_exec_context(x), n * sizeof *v);
	if (!v)
		return ST_FAIL;
	st_status s = eval_map(x, m, start, first, n, v);
	if (st_succeeded(s)) {
		*out = v[0];
		for (size_t i = 1; i < n; i++)
			*out = lower ? (v[i] > *out ? v[i] : *out) : (v[i] < *out ? v[i] : *out);
	}
	if (v != small)
		st_ctx_free(st_interp_exec_context(x), v, n * sizeof *v);
	return s;
}

static st_status exec_map_op(st_interp_exec *x, int kind) {
	const st_affine_map *m = st_affine_op_map(st_interp_exec_op(x));
	int64_t v;
	size_t n = st_affine_map_num_results(m);
	st_status s = kind == 0 ? eval_map(x, m, 0, 0, 1, &v) : eval_bound(x, m, 0, 0, n, kind > 0, &v);
	if (st_succeeded(s))
		st_interp_set_result(x, 0, st_ival_bits(st_interp_result_type(x, 0), (uint64_t)v));
	return s;
}

static st_status exec_apply(st_interp_exec *x) { return exec_map_op(x, 0); }
static st_status exec_max(st_interp_exec *x) { return exec_map_op(x, 1); }
static st_status exec_min(st_interp_exec *x) { return exec_map_op(x, -1); }

static st_status exec_yield(st_interp_exec *x) {
	st_interp_yield(x, 0, x->iop->noperands);
	return ST_OK;
}

static st_status exec_for(st_interp_exec *x) {
	st_op *op = st_interp_exec_op(x);
	const st_affine_map *lbm = st_affine_for_lb_map(op), *ubm = st_affine_for_ub_map(op);
	size_t lbs, ubs, inits;
	st_affine_for_lb_operands(op, &lbs);
	st_affine_for_ub_operands(op, &ubs);
	size_t n = st_affine_for_inits(op, &inits);
	int64_t lb, ub, step = st_affine_for_step(op);
	if (st_failed(eval_bound(x, lbm, lbs, 0, st_affine_map_num_results(lbm), true, &lb)) ||
	    st_failed(eval_bound(x, ubm, ubs, 0, st_affine_map_num_results(ubm), false, &ub)))
		return ST_FAIL;
	for (size_t i = 0; i < n; i++)
		st_interp_set_region_arg(x, 0, i + 1, st_ival_retain(st_interp_operand(x, inits + i)));
	st_type *index = st_index_type(st_interp_exec_context(x));
	/* The variable advances with a wrapping addition, as the lowered
	 * scf.for does. */
	for (int64_t iv = lb; iv < ub; iv = (int64_t)((uint64_t)iv + (uint64_t)step)) {
		st_interp_set_region_arg(x, 0, 0, st_ival_bits(index, (uint64_t)iv));
		if (st_failed(st_interp_run_region(x, 0)) || st_failed(st_interp_forward(x, 0, 0, 1)))
			return ST_FAIL;
		if ((uint64_t)iv + (uint64_t)step < (uint64_t)iv && step > 0 && (int64_t)((uint64_t)iv + (uint64_t)step) < iv)
			break;
	}
	for (size_t i = 0; i < n; i++)
		st_interp_set_result(x, i, st_ival_retain(st_interp_region_arg(x, 0, i + 1)));
	return ST_OK;
}

static st_status exec_if(st_interp_exec *x) {
	st_op *op = st_interp_exec_op(x);
	const st_integer_set *set = st_affine_if_set(op);
	unsigned nd = st_integer_set_num_dims(set), ns = st_integer_set_num_symbols(set);
	int64_t small[16], *vals = nd + ns <= 16 ? small : st_ctx_alloc(st_interp_exec_context(x), (nd + ns) * sizeof *vals);
	if (!vals)
		return ST_FAIL;
	st_status s = ST_OK;
	for (size_t i = 0; i < (size_t)nd + ns && st_succeeded(s); i++) {
		s = st_interp_check_poison(x, i, "a condition operand");
		vals[i] = (int64_t)st_interp_operand(x, i)->u.bits;
	}
	bool holds = true;
	for (size_t c = 0; c < st_integer_set_num_constraints(set) && holds && st_succeeded(s); c++) {
		int64_t v;
		if (!st_affine_expr_eval(st_integer_set_constraint(set, c), vals, vals + nd, &v))
			s = st_interp_ub(x, "integer set of '%s' cannot be evaluated", name_of(x));
		else
			holds = st_integer_set_is_eq(set, c) ? v == 0 : v >= 0;
	}
	if (vals != small)
		st_ctx_free(st_interp_exec_context(x), vals, (nd + ns) * sizeof *vals);
	if (st_failed(s))
		return ST_FAIL;
	size_t r = holds ? 0 : 1;
	if (r == 1 && st_region_is_empty(st_op_region(op, 1)))
		return ST_OK;
	if (st_failed(st_interp_run_region(x, r)))
		return ST_FAIL;
	return st_interp_forward(x, 0, -1, 0);
}

/* The indices of a load or store: its map over its map operands. */
static st_status access_indices(st_interp_exec *x, int64_t **idx, int64_t *small, size_t *n) {
	st_op *op = st_interp_exec_op(x);
	const st_affine_map *m = st_affine_op_map(op);
	size_t start;
	st_affine_op_map_operands(op, &start);
	*n = st_affine_map_num_results(m);
	*idx = *n <= 8 ? small : st_ctx_alloc(st_interp_exec_context(x), *n * sizeof **idx);
	if (!*idx)
		return ST_FAIL;
	return eval_map(x, m, start, 0, *n, *idx);
}

static void free_indices(st_interp_exec *x, int64_t *idx, int64_t *small, size_t n) {
	if (idx && idx != small)
		st_ctx_free(st_interp_exec_context(x), idx, n * sizeof *idx);
}

static st_status exec_load(st_interp_exec *x) {
	int64_t small[8], *idx = NULL;
	size_t n = 0;
	st_ival v;
	st_status s = access_indices(x, &idx, small, &n);
	if (st_succeeded(s))
		s = st_interp_load_at(x, st_interp_operand(x, 0), idx, &v);
	if (st_succeeded(s))
		st_interp_set_result(x, 0, v);
	free_indices(x, idx, small, n);
	return s;
}

static st_status exec_store(st_interp_exec *x) {
	int64_t small[8], *idx = NULL;
	size_t n = 0;
	st_status s = access_indices(x, &idx, small, &n);
	if (st_succeeded(s))
		s = st_interp_store_at(x, st_interp_operand(x, 0), st_interp_operand(x, 1), idx);
	free_indices(x, idx, small, n);
	return s;
}

/* ------------------------------------------------------- affine.parallel */

static uint64_t quiet(st_type_kind k, uint64_t bits) {
	int e, m;
	st_float_format(k, &e, &m);
	return bits | (1ull << (m - 1));
}

static bool is_nan(st_type_kind k, uint64_t bits) { return isnan(st_float_bits_to_double(k, bits)); }

static uint64_t default_nan(st_type_kind k) { return quiet(k, st_float_bits_from_double(k, INFINITY)); }

static bool is_kind(const char *kind, const char *const *names) {
	for (; *names; names++)
		if (!strcmp(kind, *names))
			return true;
	return false;
}

bool st__affine_reduction_identity(const char *kind, st_type *t, uint64_t *out) {
	static const char *const fkinds[] = {"addf", "mulf", "maximumf", "minimumf", "maxnumf", "minnumf", NULL};
	static const char *const ikinds[] = {"addi", "muli", "ori", "andi", "maxs", "mins", "maxu", "minu", NULL};
	if (!kind)
		return false;
	if (st_type_is_float(t) && is_kind(kind, fkinds)) {
		st_type_kind k = st_type_get_kind(t);
		double v = !strcmp(kind, "addf") ? -0.0 : !strcmp(kind, "mulf") ? 1.0 : kind[1] == 'a' ? -INFINITY : INFINITY;
		*out = st_float_bits_from_double(k, v);
		return true;
	}
	unsigned w = st_interp_int_width(t);
	if (!w || w > 64 || !is_kind(kind, ikinds))
		return false;
	uint64_t mask = w < 64 ? (1ull << w) - 1 : ~0ull, sign = 1ull << (w - 1);
	if (!strcmp(kind, "muli"))
		*out = 1;
	else if (!strcmp(kind, "andi") || !strcmp(kind, "minu"))
		*out = mask;
	else if (!strcmp(kind, "maxs"))
		*out = sign;
	else if (!strcmp(kind, "mins"))
		*out = mask & ~sign;
	else
		*out = 0;
	return true;
}

/* One step of a float reduction, as the arith op of the same name
 * computes it (NaN operands come out quieted, the left one first; an
 * invalid operation gives the positive default NaN). */
static uint64_t float_reduce(const char *kind, st_type_kind k, uint64_t a, uint64_t b) {
	bool na = is_nan(k, a), nb = is_nan(k, b);
	double x = st_float_bits_to_double(k, a), y = st_float_bits_to_double(k, b);
	bool num = strcmp(kind, "maxnumf") == 0 || strcmp(kind, "minnumf") == 0;
	if (num && (na || nb)) {
		if (na && nb)
			return quiet(k, a);
		return na ? b : a;
	}
	if (na)
		return quiet(k, a);
	if (nb)
		return quiet(k, b);
	if (strcmp(kind, "addf") == 0 || strcmp(kind, "mulf") == 0) {
		double r = kind[0] == 'a' ? x + y : x * y;
		return isnan(r) ? default_nan(k) : st_float_bits_from_double(k, r);
	}
	bool max = kind[1] == 'a';
	if (x == y && x == 0) /* -0 orders below +0 */
		return max ? (signbit(x) ? b : a) : (signbit(x) ? a : b);
	return (max ? x >= y : x <= y) ? a : b;
}

static uint64_t int_reduce(const char *kind, unsigned w, uint64_t a, uint64_t b) {
	uint64_t mask = w < 64 ? (1ull << w) - 1 : ~0ull;
	int64_t sa = w < 64 && (a >> (w - 1)) & 1 ? (int64_t)(a | ~mask) : (int64_t)a;
	int64_t sb = w < 64 && (b >> (w - 1)) & 1 ? (int64_t)(b | ~mask) : (int64_t)b;
	if (!strcmp(kind, "addi"))
		return (a + b) & mask;
	if (!strcmp(kind, "muli"))
		return (a * b) & mask;
	if (!strcmp(kind, "ori"))
		return a | b;
	if (!strcmp(kind, "andi"))
		return a & b;
	if (!strcmp(kind, "maxs"))
		return sa >= sb ? a : b;
	if (!strcmp(kind, "mins"))
		return sa <= sb ? a : b;
	if (!strcmp(kind, "maxu"))
		return a >= b ? a : b;
	return a <= b ? a : b; /* minu */
}

static st_status reduce(st_interp_exec *x, size_t k, const st_ival *v) {
	const char *kind = st_affine_parallel_reduction(st_interp_exec_op(x), k);
	const st_ival *acc = st_interp_result(x, k);
	st_type *t = st_interp_result_type(x, k);
	if (acc->poison || v->poison) {
		st_interp_set_result(x, k, st_ival_poison(t));
		return ST_OK;
	}
	if (v->kind != ST_IVAL_BITS)
		return st_interp_error(x, "no interpreter semantics for '%s' reducing this type", name_of(x));
	bool is_float = st_type_is_float(t);
	unsigned w = st_interp_int_width(t);
	uint64_t r = is_float ? float_reduce(kind, st_type_get_kind(t), acc->u.bits, v->u.bits)
	                      : int_reduce(kind, w, acc->u.bits, v->u.bits);
	st_interp_set_result(x, k, st_ival_bits(t, r));
	return ST_OK;
}

static st_status run_parallel(st_interp_exec *x, size_t n, int64_t *lb, int64_t *ub, int64_t *iv) {
	st_op *op = st_interp_exec_op(x);
	size_t lbs, ubs, nres = x->iop->nresults;
	st_affine_parallel_lb_operands(op, &lbs);
	st_affine_parallel_ub_operands(op, &ubs);
	bool empty = false;
	for (size_t d = 0; d < n; d++) {
		size_t f, c = st_affine_parallel_lb_group(op, d, &f);
		if (st_failed(eval_bound(x, st_affine_parallel_lb_map(op), lbs, f, c, true, &lb[d])))
			return ST_FAIL;
		c = st_affine_parallel_ub_group(op, d, &f);
		if (st_failed(eval_bound(x, st_affine_parallel_ub_map(op), ubs, f, c, false, &ub[d])))
			return ST_FAIL;
		iv[d] = lb[d];
		empty = empty || lb[d] >= ub[d];
	}
	/* The accumulators start at the identity lower-affine gives the
	 * scf.parallel inits. */
	for (size_t k = 0; k < nres; k++) {
		uint64_t bits;
		if (!st__affine_reduction_identity(st_affine_parallel_reduction(op, k), st_interp_result_type(x, k), &bits))
			return st_interp_error(x, "no interpreter semantics for reduction '%s' of '%s' on this type",
			                       st_affine_parallel_reduction(op, k), name_of(x));
		st_interp_set_result(x, k, st_ival_bits(st_interp_result_type(x, k), bits));
	}
	st_type *index = st_index_type(st_interp_exec_context(x));
	while (!empty) {
		for (size_t d = 0; d < n; d++)
			st_interp_set_region_arg(x, 0, d, st_ival_bits(index, (uint64_t)iv[d]));
		if (st_failed(st_interp_run_region(x, 0)))
			return ST_FAIL;
		for (size_t k = 0; k < nres; k++)
			if (st_failed(reduce(x, k, st_interp_yielded(x, k))))
				return ST_FAIL;
		size_t d = n;
		while (d-- > 0) {
			uint64_t step = (uint64_t)st_affine_parallel_step(op, d);
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

static st_status exec_parallel(st_interp_exec *x) {
	size_t n = st_affine_parallel_num_dims(st_interp_exec_op(x));
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

const st_interp_hook st__affine_apply_interp = {.exec = exec_apply};
const st_interp_hook st__affine_min_interp = {.exec = exec_min};
const st_interp_hook st__affine_max_interp = {.exec = exec_max};
const st_interp_hook st__affine_for_interp = {.exec = exec_for};
const st_interp_hook st__affine_if_interp = {.exec = exec_if};
const st_interp_hook st__affine_load_interp = {.exec = exec_load};
const st_interp_hook st__affine_store_interp = {.exec = exec_store};
const st_interp_hook st__affine_parallel_interp = {.exec = exec_parallel};
const st_interp_hook st__affine_yield_interp = {.exec = exec_yield};
