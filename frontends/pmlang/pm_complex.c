/* Complex arithmetic of PMLang's `complex` type (docs/pmlang.md, "Complex
 * numbers"): a value is a pair of f32 SSA values (real, imaginary), an
 * array element two floats side by side (the edge has a last dimension of
 * 2, C99's layout of `float complex`).  The operations are the textbook
 * formulas in f32, each product and sum rounded once, so a C reference
 * writing the same formulas agrees exactly:
 *   (a+bi)(c+di) = (ac - bd) + (ad + bc)i
 *   (a+bi)/(c+di) = ((ac + bd) + (bc - ad)i) / (cc + dd)
 *   abs(a+bi) = sqrt(aa + bb)
 * (no scaling against overflow, unlike C's Annex G or hypot). */
#include "pm_build.h"

#include <string.h>

#define ERR(at, ...) st__pm_error(b->p, at, __VA_ARGS__)

static const pm_type T_COMPLEX = {PM_T_COMPLEX, 0, 0};

static st_type *f32(pm_builder *b) { return st_float_type(b->ctx, ST_TYPE_F32); }

bool st__pm_is_complex(pm_type t) { return t.kind == PM_T_COMPLEX; }

st_value *st__pm_complex_make(pm_builder *b, st_value *re, st_value *im) {
	if (!re || !im)
		return NULL;
	st__pm_set_type(b, re, T_COMPLEX);
	b->sems[b->nsems - 1].im = im;
	return re;
}

st_value *st__pm_complex_from(pm_builder *b, st_block *blk, st_value *v, pm_loc at) {
	if (!v || st__pm_is_complex(st__pm_type_of_value(b, v)))
		return v;
	st_value *re = st__pm_convert(b, blk, v, f32(b), at);
	/* A fresh real part: `v` may be read elsewhere as a float. */
	if (re == v)
		re = st__pm_emit2(b, blk, "arith.addf", v, st__pm_constant(b, blk, f32(b), 0, -0.0, at), at);
	return st__pm_complex_make(b, re, st__pm_constant(b, blk, f32(b), 0, 0.0, at));
}

static st_value *fop(pm_builder *b, st_block *blk, const char *op, st_value *x, st_value *y, pm_loc at) {
	return st__pm_emit2(b, blk, op, x, y, at);
}

/* x1*y1 (f) x2*y2, the products first. */
static st_value *products(pm_builder *b, st_block *blk, const char *f, st_value *x1, st_value *y1, st_value *x2,
                          st_value *y2, pm_loc at) {
	st_value *p = fop(b, blk, "arith.mulf", x1, y1, at);
	return fop(b, blk, f, p, fop(b, blk, "arith.mulf", x2, y2, at), at);
}

st_value *st__pm_complex_binary(pm_builder *b, st_block *blk, int op, st_value *x, st_value *y, pm_loc at) {
	st_value *a = x, *bb = st__pm_complex_im(b, x), *c = y, *d = st__pm_complex_im(b, y);
	/* Ops are made one statement at a time, in the order of the formulas. */
	st_value *p, *q, *re, *im;
	switch (op) {
	case '+':
	case '-': {
		const char *f = op == '+' ? "arith.addf" : "arith.subf";
		re = fop(b, blk, f, a, c, at);
		return st__pm_complex_make(b, re, fop(b, blk, f, bb, d, at));
	}
	case '*':
		re = products(b, blk, "arith.subf", a, c, bb, d, at);
		return st__pm_complex_make(b, re, products(b, blk, "arith.addf", a, d, bb, c, at));
	case '/': {
		st_value *den = products(b, blk, "arith.addf", c, c, d, d, at);
		re = products(b, blk, "arith.addf", a, c, bb, d, at);
		im = products(b, blk, "arith.subf", bb, c, a, d, at);
		re = fop(b, blk, "arith.divf", re, den, at);
		return st__pm_complex_make(b, re, fop(b, blk, "arith.divf", im, den, at));
	}
	case PM_OP_EQ:
	case PM_OP_NE:
		p = st__pm_cmp(b, blk, op, a, c, at);
		q = st__pm_cmp(b, blk, op, bb, d, at);
		return st__pm_emit2(b, blk, op == PM_OP_EQ ? "arith.andi" : "arith.ori", p, q, at);
	default:
		ERR(at, "complex values are not ordered: only == and != compare them");
		return NULL;
	}
}

st_value *st__pm_complex_unary(pm_builder *b, st_block *blk, const char *fn, st_value *x, pm_loc at) {
	st_value *im = st__pm_complex_im(b, x);
	/* real() and conj() copy the real part as x + -0.0 (exact): a fresh
	 * value, as `x` itself stands for the complex number. */
	if (!strcmp(fn, "real") || !strcmp(fn, "imag"))
		return fop(b, blk, "arith.addf", fn[0] == 'r' ? x : im, st__pm_constant(b, blk, f32(b), 0, -0.0, at), at);
	if (!strcmp(fn, "abs"))
		return st__pm_emit1(b, blk, "math.sqrt", products(b, blk, "arith.addf", x, x, im, im, at), f32(b), at);
	st_value *re = !strcmp(fn, "conj") ? fop(b, blk, "arith.addf", x, st__pm_constant(b, blk, f32(b), 0, -0.0, at), at)
	                                   : st__pm_emit1(b, blk, "arith.negf", x, f32(b), at);
	return st__pm_complex_make(b, re, st__pm_emit1(b, blk, "arith.negf", im, f32(b), at));
}
