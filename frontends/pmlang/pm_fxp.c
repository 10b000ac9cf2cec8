/* Fixed-point arithmetic of PMLang's fxpN_M types (docs/pmlang.md, "Fixed
 * point"): a value is an iN holding value * 2^M.  Results are computed in
 * i64 (N <= 32, so products and shifted dividends fit) and saturated to
 * the N-bit range, as GeneSys's FXP units do; products round to nearest
 * with ties toward +inf (add half an ulp, shift right arithmetically),
 * quotients truncate toward zero, a division by zero gives the largest
 * value of the dividend's sign.  Floats convert by the same rounding, NaN
 * to 0; fixed point converts to float exactly through f64 and is rounded
 * once to f32, to int by truncation toward zero.  Only arith and math ops
 * are emitted, so the srdfg interpreter, the affine lowering and scf all
 * compute the same bits, and a C reference can repeat them. */
#include "pm_build.h"

#include <math.h>

#define ERR(at, ...) st__pm_error(b->p, at, __VA_ARGS__)

bool st__pm_is_fxp(pm_type t) { return t.kind == PM_T_FXP; }

bool st__pm_fxp_check(pm_builder *b, pm_type t, pm_loc at) {
	if (t.fxp_int > 32 || t.fxp_frac > 31)
		return ERR(at,
		           "fixed-point arithmetic needs at most 32 bits and fewer than 32 fractional ones, not fxp%d_%d",
		           t.fxp_int, t.fxp_frac);
	return true;
}

static st_type *i64(pm_builder *b) { return st_integer_type(b->ctx, 64, ST_SIGNLESS); }
static st_type *f64(pm_builder *b) { return st_float_type(b->ctx, ST_TYPE_F64); }
static st_type *ity(pm_builder *b, pm_type t) { return st_integer_type(b->ctx, (unsigned)t.fxp_int, ST_SIGNLESS); }
static int64_t max_of(pm_type t) { return (int64_t)((UINT64_C(1) << (t.fxp_int - 1)) - 1); }
static int64_t min_of(pm_type t) { return -max_of(t) - 1; }

static st_value *k64(pm_builder *b, st_block *blk, int64_t v, pm_loc at) {
	return st__pm_constant(b, blk, i64(b), v, 0.0, at);
}

static st_value *wide(pm_builder *b, st_block *blk, st_value *v, pm_loc at) {
	return st_value_type(v) == i64(b) ? v : st__pm_emit1(b, blk, "arith.extsi", v, i64(b), at);
}

/* An i64 clamped to the range of `t`, as a value of `t`. */
static st_value *saturate(pm_builder *b, st_block *blk, st_value *x, pm_type t, pm_loc at) {
	st_value *hi = k64(b, blk, max_of(t), at), *lo = k64(b, blk, min_of(t), at);
	x = st__pm_select(b, blk, st__pm_cmp(b, blk, '>', x, hi, at), hi, x, at);
	x = st__pm_select(b, blk, st__pm_cmp(b, blk, '<', x, lo, at), lo, x, at);
	st_value *r = st__pm_emit1(b, blk, "arith.trunci", x, ity(b, t), at);
	st__pm_set_type(b, r, t);
	return r;
}

/* x * 2^-d rounded to nearest, ties toward +inf (d > 0). */
static st_value *round_shift(pm_builder *b, st_block *blk, st_value *x, int d, pm_loc at) {
	x = st__pm_emit2(b, blk, "arith.addi", x, k64(b, blk, INT64_C(1) << (d - 1), at), at);
	return st__pm_emit2(b, blk, "arith.shrsi", x, k64(b, blk, d, at), at);
}

int64_t st__pm_fxp_scale(bool is_float, int64_t i, double f, pm_type t) {
	double r = floor((is_float ? f : (double)i) * ldexp(1.0, t.fxp_frac) + 0.5);
	return r >= (double)max_of(t) ? max_of(t) : r <= (double)min_of(t) ? min_of(t) : (int64_t)r;
}

st_value *st__pm_fxp_literal(pm_builder *b, st_block *blk, bool is_float, int64_t i, double f, pm_type t, pm_loc at) {
	int64_t v = st__pm_fxp_scale(is_float, i, f, t);
	st_value *c = st__pm_constant(b, blk, ity(b, t), v, 0.0, at);
	st__pm_set_type(b, c, t);
	return c;
}

st_value *st__pm_fxp_from(pm_builder *b, st_block *blk, st_value *v, pm_type t, pm_loc at) {
	if (!v)
		return NULL;
	pm_type from = st__pm_type_of_value(b, v);
	if (st__pm_is_fxp(from)) {
		if (from.fxp_int == t.fxp_int && from.fxp_frac == t.fxp_frac)
			return v;
		st_value *x = wide(b, blk, v, at);
		int d = t.fxp_frac - from.fxp_frac;
		if (d > 0)
			x = st__pm_emit2(b, blk, "arith.shli", x, k64(b, blk, d, at), at);
		else if (d < 0)
			x = round_shift(b, blk, x, -d, at);
		return saturate(b, blk, x, t, at);
	}
	if (from.kind == PM_T_FLOAT) {
		/* In f64 the scaling and the added half are exact where it matters
		 * (a scaled f32 has 24 significant bits; beyond 2^52 it saturates). */
		st_value *x = st_value_type(v) == f64(b) ? v : st__pm_emit1(b, blk, "arith.extf", v, f64(b), at);
		x = st__pm_emit2(b, blk, "arith.mulf", x, st__pm_constant(b, blk, f64(b), 0, ldexp(1.0, t.fxp_frac), at), at);
		x = st__pm_emit2(b, blk, "arith.addf", x, st__pm_constant(b, blk, f64(b), 0, 0.5, at), at);
		x = st__pm_emit1(b, blk, "math.floor", x, f64(b), at);
		st_value *hi = st__pm_constant(b, blk, f64(b), 0, (double)max_of(t), at);
		st_value *lo = st__pm_constant(b, blk, f64(b), 0, (double)min_of(t), at);
		st_value *zero = st__pm_constant(b, blk, f64(b), 0, 0.0, at);
		x = st__pm_select(b, blk, st__pm_cmp(b, blk, '>', x, hi, at), hi, x, at);
		x = st__pm_select(b, blk, st__pm_cmp(b, blk, '<', x, lo, at), lo, x, at);
		x = st__pm_select(b, blk, st__pm_cmp(b, blk, PM_OP_EQ, x, x, at), x, zero, at); /* NaN */
		x = st__pm_emit1(b, blk, "arith.fptosi", x, i64(b), at);
		st_value *r = st__pm_emit1(b, blk, "arith.trunci", x, ity(b, t), at);
		st__pm_set_type(b, r, t);
		return r;
	}
	/* int, bool, index: v * 2^M fits in i64 (|v| < 2^31, M < 32). */
	st_value *x = st__pm_convert(b, blk, v, i64(b), at);
	if (t.fxp_frac)
		x = st__pm_emit2(b, blk, "arith.shli", x, k64(b, blk, t.fxp_frac, at), at);
	return saturate(b, blk, x, t, at);
}

st_value *st__pm_fxp_to(pm_builder *b, st_block *blk, st_value *v, st_type *t, pm_loc at) {
	pm_type from = st__pm_type_of_value(b, v);
	if (st_type_is_float(t)) {
		st_value *x = st__pm_emit1(b, blk, "arith.sitofp", v, f64(b), at);
		x = st__pm_emit2(b, blk, "arith.mulf", x, st__pm_constant(b, blk, f64(b), 0, ldexp(1.0, -from.fxp_frac), at),
		                 at);
		return st_type_float_width(t) == 64 ? x : st__pm_emit1(b, blk, "arith.truncf", x, t, at);
	}
	if (st_type_is_signless_integer(t, 1))
		return st__pm_cmp(b, blk, PM_OP_NE, v, st__pm_constant(b, blk, st_value_type(v), 0, 0.0, at), at);
	st_value *x = wide(b, blk, v, at);
	if (from.fxp_frac)
		x = st__pm_emit2(b, blk, "arith.divsi", x, k64(b, blk, INT64_C(1) << from.fxp_frac, at), at);
	return st__pm_convert(b, blk, x, t, at);
}

st_value *st__pm_fxp_neg(pm_builder *b, st_block *blk, st_value *x, pm_loc at) {
	pm_type t = st__pm_type_of_value(b, x);
	return saturate(b, blk, st__pm_emit2(b, blk, "arith.subi", k64(b, blk, 0, at), wide(b, blk, x, at), at), t, at);
}

st_value *st__pm_fxp_binary(pm_builder *b, st_block *blk, int op, st_value *x, st_value *y, pm_type t, pm_loc at) {
	if (op != '+' && op != '-' && op != '*' && op != '/')
		return st__pm_cmp(b, blk, op, x, y, at);
	st_value *a = wide(b, blk, x, at), *c = wide(b, blk, y, at), *r;
	switch (op) {
	case '+': r = st__pm_emit2(b, blk, "arith.addi", a, c, at); break;
	case '-': r = st__pm_emit2(b, blk, "arith.subi", a, c, at); break;
	case '*':
		r = st__pm_emit2(b, blk, "arith.muli", a, c, at);
		if (t.fxp_frac)
			r = round_shift(b, blk, r, t.fxp_frac, at);
		break;
	default: {
		st_value *zero = st__pm_cmp(b, blk, PM_OP_EQ, c, k64(b, blk, 0, at), at);
		st_value *d = st__pm_select(b, blk, zero, k64(b, blk, 1, at), c, at);
		if (t.fxp_frac)
			a = st__pm_emit2(b, blk, "arith.shli", a, k64(b, blk, t.fxp_frac, at), at);
		r = st__pm_emit2(b, blk, "arith.divsi", a, d, at);
		st_value *big = st__pm_select(b, blk, st__pm_cmp(b, blk, '<', a, k64(b, blk, 0, at), at),
		                              k64(b, blk, min_of(t), at), k64(b, blk, max_of(t), at), at);
		r = st__pm_select(b, blk, zero, big, r, at);
	}
	}
	return saturate(b, blk, r, t, at);
}
