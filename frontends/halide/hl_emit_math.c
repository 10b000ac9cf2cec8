/* Halide's f32 exp, log and pow spelled out in arith and math ops.  Halide
 * 14 does not call libm for them: it expands them into its own range
 * reductions and polynomials (with Target::StrictFloat, no fused or
 * reordered arithmetic), so the same steps in the same order give its
 * results bit for bit, where math.exp/math.log/math.powf would differ by a
 * few ulp (pow by up to 16).  hl_scalar.c computes the same steps in C for
 * the direct evaluator, from the same constants; docs/halide.md describes
 * the algorithm. */
#include "hl_emit.h"
#include "hl_scalar.h"

#include <math.h>

enum { F_OEQ = 1, F_OGT = 2, F_OLT = 4, F_UNE = 13 }; /* arith.cmpf */
enum { I_SLT = 2, I_SGT = 4 };                        /* arith.cmpi */

/* Where the ops go, and the location they carry. */
typedef struct fb {
	st__hl_em *m;
	st_attr *loc;
} fb;

static st_type *f32(const fb *b) { return st_float_type(b->m->ctx, ST_TYPE_F32); }

static st_type *i32(const fb *b) { return st_integer_type(b->m->ctx, 32, ST_SIGNLESS); }

static st_value *fconst(const fb *b, double v) {
	return st__hl_em_const(b->m, b->loc, f32(b), st_float_attr(b->m->ctx, f32(b), v));
}

static st_value *iconst(const fb *b, int64_t v) { return st__hl_em_iconst(b->m, b->loc, i32(b), v); }

static st_value *op(const fb *b, const char *name, st_value *x, st_value *y) {
	return st__hl_em_op2(b->m, name, b->loc, x, y);
}

static st_value *unary(const fb *b, const char *name, st_type *t, st_value *x) {
	return st__hl_em_op1(b->m, name, b->loc, t, x);
}

static st_value *fcmp(const fb *b, int pred, st_value *x, st_value *y) {
	return st__hl_em_cmp(b->m, "arith.cmpf", b->loc, pred, x, y);
}

static st_value *icmp(const fb *b, int pred, st_value *x, st_value *y) {
	return st__hl_em_cmp(b->m, "arith.cmpi", b->loc, pred, x, y);
}

static st_value *sel(const fb *b, st_value *c, st_value *x, st_value *y) {
	return st__hl_em_sel(b->m, b->loc, c, x, y);
}

/* Halide's polynomial evaluation: the even and the odd coefficients
 * (highest degree first) in x*x by Horner's rule, then even * x + odd, or
 * odd * x + even for an odd count; a zero coefficient only multiplies. */
static st_value *poly(const fb *b, st_value *x, const float *c, int n) {
	st_value *x2 = op(b, "arith.mulf", x, x), *part[2] = {fconst(b, c[0]), fconst(b, c[1])};
	for (int i = 2; i < n; i++) {
		st_value **t = &part[i & 1];
		*t = op(b, "arith.mulf", *t, x2);
		if (c[i] != 0.0f)
			*t = op(b, "arith.addf", *t, fconst(b, c[i]));
	}
	st_value *hi = part[n % 2 == 0 ? 0 : 1], *lo = part[n % 2 == 0 ? 1 : 0];
	return op(b, "arith.addf", op(b, "arith.mulf", hi, x), lo);
}

/* ln x = e ln 2 + ln m with x = 2^e m, m in [0.75, 1.5): the mantissa's top
 * bit chooses the exponent field (127 or 126) that m gets.  Zero and
 * negative inputs are computed as 1 and patched to -inf and NaN. */
st_value *st__hl_em_log(st__hl_em *m, st_attr *loc, st_value *x) {
	fb b = {m, loc};
	st_value *neg = fcmp(&b, F_OLT, x, fconst(&b, 0.0)), *zero = fcmp(&b, F_OEQ, x, fconst(&b, 0.0));
	st_value *odd = op(&b, "arith.ori", neg, zero);
	st_value *bits = unary(&b, "arith.bitcast", i32(&b), sel(&b, odd, fconst(&b, 1.0), x));
	st_value *frac = op(&b, "arith.andi", bits, iconst(&b, (int32_t)0x807fffffu));
	st_value *field = op(&b, "arith.subi", iconst(&b, 127), op(&b, "arith.shrsi", frac, iconst(&b, 22)));
	st_value *e = op(&b, "arith.subi", op(&b, "arith.shrsi", bits, iconst(&b, 23)), field);
	st_value *mant = op(&b, "arith.ori", frac, op(&b, "arith.shli", field, iconst(&b, 23)));
	st_value *r = poly(&b, op(&b, "arith.subf", unary(&b, "arith.bitcast", f32(&b), mant), fconst(&b, 1.0)),
	                   st__hl_log_coeff, ST__HL_LOG_NCOEFF);
	r = op(&b, "arith.addf", r,
	       op(&b, "arith.mulf", unary(&b, "arith.sitofp", f32(&b), e), fconst(&b, st__hl_ln2_f32)));
	return sel(&b, odd, sel(&b, neg, fconst(&b, NAN), fconst(&b, -INFINITY)), r);
}

/* e^x = 2^k e^r with k = floor(x / ln 2), r = x - k ln 2 (ln 2 in two
 * parts); 2^k is made in the exponent field, out of range it is inf or 0.
 * k is clamped to [-128, 128] before the conversion, which changes no
 * result (Halide's x86 conversion gives INT_MIN for a huge or NaN k, which
 * the range tests map to the same inf or 0) and keeps fptosi in range. */
st_value *st__hl_em_exp(st__hl_em *m, st_attr *loc, st_value *x) {
	fb b = {m, loc};
	st_value *k = unary(&b, "math.floor", f32(&b), op(&b, "arith.mulf", x, fconst(&b, st__hl_inv_ln2_f32)));
	st_value *r = op(&b, "arith.subf", x, op(&b, "arith.mulf", k, fconst(&b, st__hl_ln2_hi_f32)));
	r = op(&b, "arith.subf", r, op(&b, "arith.mulf", k, fconst(&b, st__hl_ln2_lo_f32)));
	r = poly(&b, r, st__hl_exp_coeff, ST__HL_EXP_NCOEFF);
	st_value *lo = fconst(&b, -128.0), *hi = fconst(&b, 128.0);
	st_value *kc = sel(&b, fcmp(&b, F_OGT, k, lo), k, lo);
	kc = sel(&b, fcmp(&b, F_OLT, kc, hi), kc, hi);
	st_value *biased = op(&b, "arith.addi", unary(&b, "arith.fptosi", i32(&b), kc), iconst(&b, 127));
	st_value *scale = unary(&b, "arith.bitcast", f32(&b), op(&b, "arith.shli", biased, iconst(&b, 23)));
	r = op(&b, "arith.mulf", r, scale);
	r = sel(&b, icmp(&b, I_SLT, biased, iconst(&b, 255)), r, fconst(&b, INFINITY));
	return sel(&b, icmp(&b, I_SGT, biased, iconst(&b, 0)), r, fconst(&b, 0.0));
}

/* x^y = e^(y ln|x|) for x > 0; otherwise Halide's cases in its order:
 * x^0 = 1, 0^y = 0, a negative x needs an integer y (NaN if not) whose
 * parity gives the sign, the negation being 0 - v as Halide negates. */
st_value *st__hl_em_pow(st__hl_em *m, st_attr *loc, st_value *x, st_value *y) {
	fb b = {m, loc};
	st_value *zero = fconst(&b, 0.0);
	st_value *lx = st__hl_em_log(m, loc, unary(&b, "math.absf", f32(&b), x));
	st_value *p = st__hl_em_exp(m, loc, op(&b, "arith.mulf", lx, y));
	st_value *iy = unary(&b, "math.floor", f32(&b), y);
	st_value *half = unary(&b, "math.floor", f32(&b), op(&b, "arith.mulf", iy, fconst(&b, 0.5)));
	st_value *parity = op(&b, "arith.subf", iy, op(&b, "arith.mulf", half, fconst(&b, 2.0)));
	st_value *r = sel(&b, fcmp(&b, F_OEQ, parity, zero), p, op(&b, "arith.subf", zero, p));
	r = sel(&b, fcmp(&b, F_UNE, y, iy), fconst(&b, NAN), r);
	r = sel(&b, fcmp(&b, F_OEQ, x, zero), zero, r);
	r = sel(&b, fcmp(&b, F_OEQ, y, zero), fconst(&b, 1.0), r);
	return sel(&b, fcmp(&b, F_OGT, x, zero), p, r);
}
