/* The srdfg dialect's semantics for the interpreter (docs/dialects/srdfg.md),
 * so that a program can be run at any level of the hierarchy and every
 * lowering checked against it.  Array edges are memref values: a statement
 * (srdfg.compute) copies its `init` edge into a new buffer that lives until
 * the graph returns and writes the points of its box there, so every SSA
 * edge keeps its own contents.  srdfg.return copies the final values into
 * the graph's memref arguments, which is how state persists between calls.
 * Reductions fold in row-major order of their box: sum, prod, max and min
 * from their identity (max: the new value when it compares greater, as the
 * lowered select does), a user reduction from its first element (0 when
 * the filter leaves no element); argmax and argmin give the position of the
 * first best element (the lower bound when none beats the identity); a
 * poison element makes the result poison. */
#include "srdfg_internal.h"

#include "strata/affine.h"

#include <assert.h>
#include <math.h>
#include <string.h>

#define MAX_RANK ST__SRDFG_MAX_IDX

static st_context *ctx_of(const st_interp_exec *x) { return st_interp_exec_context(x); }

static const st_affine_map *map_of(const st_interp_exec *x) {
	st_attr *a = st_op_get_attr(st_interp_exec_op(x), "map");
	return a ? st_attr_affine_map(a) : NULL;
}

/* Evaluates `m` at `dims`; out-of-range results are left to the access. */
static st_status eval_map(const st_interp_exec *x, const st_affine_map *m, const int64_t *dims, int64_t *out) {
	if (!m)
		return ST_OK;
	if (st_affine_map_num_results(m) > MAX_RANK || !st_affine_map_eval(m, dims, NULL, out))
		return st_interp_ub(x, "the map of '%s' cannot be evaluated", st_op_name_cstr(st_interp_exec_op(x)));
	return ST_OK;
}

/* -------------------------------------------------------------- boxes */

/* Calls `point` for every point of the op's index box in row-major order,
 * with the point already in the entry arguments of region 0. */
typedef st_status (*point_fn)(st_interp_exec *x, const int64_t *pt, void *ud);

static st_status for_box(st_interp_exec *x, point_fn point, void *ud) {
	st_op *op = st_interp_exec_op(x);
	st_attr *lba = st_op_get_attr(op, "lb"), *uba = st_op_get_attr(op, "ub");
	size_t n = st_attr_dense_array_size(lba);
	int64_t pt[MAX_RANK], lb[MAX_RANK], ub[MAX_RANK];
	assert(n <= MAX_RANK); /* the verifier's limit */
	for (size_t i = 0; i < n; i++) {
		lb[i] = pt[i] = st_attr_dense_array_int(lba, i);
		ub[i] = st_attr_dense_array_int(uba, i);
		if (lb[i] > ub[i])
			return ST_OK;
	}
	st_type *it = st_index_type(ctx_of(x));
	for (;;) {
		for (size_t i = 0; i < n; i++)
			st_interp_set_region_arg(x, 0, i, st_ival_bits(it, (uint64_t)pt[i]));
		if (st_failed(st_interp_run_region(x, 0)) || st_failed(point(x, pt, ud)))
			return ST_FAIL;
		size_t d = n;
		while (d > 0 && pt[d - 1] == ub[d - 1]) {
			pt[d - 1] = lb[d - 1];
			d--;
		}
		if (d == 0)
			return ST_OK;
		pt[d - 1]++;
	}
}

/* ---------------------------------------------------------- structure */

static st_status exec_node(st_interp_exec *x) {
	for (size_t i = 0; i < x->iop->noperands; i++)
		st_interp_set_region_arg(x, 0, i, st_ival_retain(st_interp_operand(x, i)));
	if (st_failed(st_interp_run_region(x, 0)))
		return ST_FAIL;
	return st_interp_forward(x, 0, -1, 0);
}

static st_status exec_yield(st_interp_exec *x) {
	st_interp_yield(x, 0, x->iop->noperands);
	return ST_OK;
}

static st_status exec_return(st_interp_exec *x) {
	size_t n = x->iop->noperands / 2;
	for (size_t i = 0; i < n; i++)
		if (st_failed(st_interp_copy(x, st_interp_operand(x, i), st_interp_operand(x, n + i))))
			return ST_FAIL;
	st_interp_yield(x, n, n);
	return ST_OK;
}

static st_status zero_value(const st_interp_exec *x, st_type *edge, st_ival *out) {
	st_context *ctx = ctx_of(x);
	if (!st__srdfg_rank(edge)) {
		*out = st_ival_bits(st_srdfg_edge_value(edge), 0);
		return ST_OK;
	}
	return st_interp_memref_alloc(x->interp, x, st_srdfg_edge_memref(ctx, edge), NULL, ST_BUF_STACK, true, out);
}

static st_status exec_init(st_interp_exec *x) {
	st_ival v;
	if (st_failed(zero_value(x, st_value_type(st_op_result(st_interp_exec_op(x), 0)), &v)))
		return ST_FAIL;
	st_interp_set_result(x, 0, v);
	return ST_OK;
}

static uint64_t width_mask(unsigned w) { return w >= 64 ? ~0ull : (1ull << w) - 1; }

static st_status exec_constant(st_interp_exec *x) {
	st_attr *v = st_op_get_attr(st_interp_exec_op(x), "value");
	st_type *t = st_attr_type(v);
	uint64_t bits = st_type_is_float(t) ? st_attr_float_bits(v)
	                                    : (uint64_t)st_attr_int_value(v) & width_mask(st_type_int_width(t));
	st_interp_set_result(x, 0, st_ival_bits(t, bits));
	return ST_OK;
}

static st_status exec_load(st_interp_exec *x) {
	const st_ival *src = st_interp_operand(x, 0);
	if (src->kind != ST_IVAL_MEMREF) {
		st_interp_set_result(x, 0, st_ival_retain(src));
		return ST_OK;
	}
	size_t nidx = x->iop->noperands - 1;
	int64_t dims[MAX_RANK], idx[MAX_RANK];
	assert(nidx <= MAX_RANK); /* the verifier's limit */
	for (size_t i = 0; i < nidx; i++)
		dims[i] = (int64_t)st_interp_operand(x, 1 + i)->u.bits;
	st_ival v;
	if (st_failed(eval_map(x, map_of(x), dims, idx)) || st_failed(st_interp_load_at(x, src, idx, &v)))
		return ST_FAIL;
	st_interp_set_result(x, 0, v);
	return ST_OK;
}

/* ------------------------------------------------------------ compute */

static st_status store_point(st_interp_exec *x, const int64_t *pt, void *ud) {
	int64_t idx[MAX_RANK];
	if (st_failed(eval_map(x, map_of(x), pt, idx)))
		return ST_FAIL;
	return st_interp_store_at(x, st_interp_yielded(x, 0), ud, idx);
}

static st_status exec_compute(st_interp_exec *x) {
	st_type *t = st_value_type(st_op_result(st_interp_exec_op(x), 0));
	if (!st__srdfg_rank(t)) {
		if (st_failed(st_interp_run_region(x, 0)))
			return ST_FAIL;
		st_interp_set_result(x, 0, st_ival_retain(st_interp_yielded(x, 0)));
		return ST_OK;
	}
	st_ival v;
	if (st_failed(zero_value(x, t, &v)))
		return ST_FAIL;
	st_status s = st_interp_copy(x, st_interp_operand(x, 0), &v);
	if (st_succeeded(s))
		s = for_box(x, store_point, &v);
	if (st_failed(s)) {
		st_ival_release(x->interp, &v);
		return ST_FAIL;
	}
	st_interp_set_result(x, 0, v);
	return ST_OK;
}

/* ------------------------------------------------------------- reduce */

typedef enum { K_SUM, K_PROD, K_MAX, K_MIN, K_ARGMAX, K_ARGMIN, K_USER } red_kind;

typedef struct red_state {
	red_kind kind;
	st_type *t;  /* the result's type */
	st_type *et; /* argmax/argmin: the elements' type */
	uint64_t acc;
	int64_t pos; /* argmax/argmin: where the best element is */
	bool any, poison;
} red_state;

static int64_t sext(uint64_t v, unsigned w) { return w >= 64 ? (int64_t)v : (int64_t)(v << (64 - w)) >> (64 - w); }

static uint64_t identity(red_kind k, st_type *t) {
	if (st_type_is_float(t)) {
		st_type_kind fk = st_type_get_kind(t);
		double d = k == K_PROD ? 1.0 : k == K_MAX ? -INFINITY : k == K_MIN ? INFINITY : 0.0;
		return st_float_bits_from_double(fk, d);
	}
	unsigned w = st_type_int_width(t);
	uint64_t m = width_mask(w);
	if (k == K_PROD)
		return 1;
	if (k == K_MAX)
		return (1ull << (w - 1)) & m; /* the most negative */
	if (k == K_MIN)
		return m >> 1;
	return 0;
}

/* The NaN of a sum or product, as arith.addf/mulf give it (APFloat): the
 * first NaN operand made quiet, else the positive default NaN. */
static uint64_t nan_result(st_type_kind fk, uint64_t a, uint64_t b) {
	int eb, mb;
	st_float_format(fk, &eb, &mb);
	uint64_t exp = ((1ull << eb) - 1) << mb, quiet = 1ull << (mb - 1), mant = (1ull << mb) - 1;
	if ((a & exp) == exp && (a & mant))
		return a | quiet;
	if ((b & exp) == exp && (b & mant))
		return b | quiet;
	return exp | quiet;
}

/* Whether `v` beats `acc` for max (K_MAX) or min: strictly, so the first
 * of equal elements wins and a NaN never does (the lowered cmpf ogt/olt). */
static bool beats(red_kind k, st_type *t, uint64_t acc, uint64_t v) {
	if (st_type_is_float(t)) {
		st_type_kind fk = st_type_get_kind(t);
		double a = st_float_bits_to_double(fk, acc), b = st_float_bits_to_double(fk, v);
		return k == K_MAX ? b > a : b < a;
	}
	unsigned w = st_type_int_width(t);
	return k == K_MAX ? sext(v, w) > sext(acc, w) : sext(v, w) < sext(acc, w);
}

/* acc <- acc (op) v for the built-in kinds.  Floats are computed in double
 * and rounded once, which is exactly the rounded f32 sum or product. */
static uint64_t combine(red_kind k, st_type *t, uint64_t acc, uint64_t v) {
	if (st_type_is_float(t)) {
		st_type_kind fk = st_type_get_kind(t);
		double a = st_float_bits_to_double(fk, acc), b = st_float_bits_to_double(fk, v);
		if (k == K_SUM || k == K_PROD) {
			double r = k == K_SUM ? a + b : a * b;
			return isnan(r) ? nan_result(fk, acc, v) : st_float_bits_from_double(fk, r);
		}
		return beats(k, t, acc, v) ? v : acc;
	}
	uint64_t m = width_mask(st_type_int_width(t));
	switch (k) {
	case K_SUM: return (acc + v) & m;
	case K_PROD: return (acc * v) & m;
	default: return beats(k, t, acc, v) ? v : acc;
	}
}

static st_status reduce_point(st_interp_exec *x, const int64_t *pt, void *ud) {
	red_state *r = ud;
	if (st_interp_num_yielded(x) == 2 && !(st_interp_yielded(x, 1)->u.bits & 1))
		return ST_OK;
	const st_ival *v = st_interp_yielded(x, 0);
	if (v->poison)
		r->poison = true;
	if (r->kind == K_ARGMAX || r->kind == K_ARGMIN) {
		if (beats(r->kind == K_ARGMAX ? K_MAX : K_MIN, r->et, r->acc, v->u.bits)) {
			r->acc = v->u.bits;
			r->pos = pt[0];
		}
		return ST_OK;
	}
	if (r->kind != K_USER) {
		r->acc = combine(r->kind, r->t, r->acc, v->u.bits);
		return ST_OK;
	}
	if (!r->any) {
		r->any = true;
		r->acc = v->u.bits;
		return ST_OK;
	}
	uint64_t val = v->u.bits;
	st_interp_set_region_arg(x, 1, 0, st_ival_bits(r->t, r->acc));
	st_interp_set_region_arg(x, 1, 1, st_ival_bits(r->t, val));
	if (st_failed(st_interp_run_region(x, 1)))
		return ST_FAIL;
	r->acc = st_interp_yielded(x, 0)->u.bits;
	return ST_OK;
}

static st_status exec_reduce(st_interp_exec *x) {
	static const char *const kinds[] = {"sum", "prod", "max", "min", "argmax", "argmin"};
	st_op *op = st_interp_exec_op(x);
	st_str k = st_attr_string(st_op_get_attr(op, "kind"));
	red_state r = {.kind = K_USER, .t = st_interp_result_type(x, 0)};
	for (int i = 0; i < 6 && st_region_is_empty(st_op_region(op, 1)); i++)
		if (st_str_eq_c(k, kinds[i]))
			r.kind = (red_kind)i;
	bool arg = r.kind == K_ARGMAX || r.kind == K_ARGMIN;
	if (arg) {
		/* From the identity of max (min) at the first position, as lowered. */
		st_op *y = st_block_terminator(st_region_first_block(st_op_region(op, 0)));
		r.et = st_value_type(st_op_operand(y, 0));
		r.acc = identity(r.kind == K_ARGMAX ? K_MAX : K_MIN, r.et);
		r.pos = st_attr_dense_array_int(st_op_get_attr(op, "lb"), 0);
	} else {
		r.acc = identity(r.kind, r.t);
	}
	if (st_failed(for_box(x, reduce_point, &r)))
		return ST_FAIL;
	uint64_t res = arg ? (uint64_t)r.pos & width_mask(st_type_int_width(r.t)) : r.acc;
	st_interp_set_result(x, 0, r.poison ? st_ival_poison(r.t) : st_ival_bits(r.t, res));
	return ST_OK;
}

const st_interp_hook st__srdfg_node_hook = {.exec = exec_node};
const st_interp_hook st__srdfg_yield_hook = {.exec = exec_yield};
const st_interp_hook st__srdfg_return_hook = {.exec = exec_return};
const st_interp_hook st__srdfg_compute_hook = {.exec = exec_compute};
const st_interp_hook st__srdfg_reduce_hook = {.exec = exec_reduce};
const st_interp_hook st__srdfg_load_hook = {.exec = exec_load};
const st_interp_hook st__srdfg_init_hook = {.exec = exec_init};
const st_interp_hook st__srdfg_constant_hook = {.exec = exec_constant};
