/* mulf and divf: normalised significands multiplied exactly (f32: in one
 * 64-bit product; f64: four 32 x 32-bit ones) or divided bit by bit, the
 * exact product's low bits or the division's remainder kept as the sticky
 * bit (after SoftFloat's f32_mul/f64_mul and f32_div/f64_div), then the
 * special operands (zero, infinity, NaN) chosen over the finite result. */
#include "sf.h"

typedef struct operands {
	st_value *sign, *zx, *zy, *ix, *iy; /* result sign; zero and infinity tests */
	st_value *mx, *ex, *my, *ey;
} operands;

static void read_operands(st__sf_b *b, st_value *x, st_value *y, operands *o) {
	o->sign = st__sf_bink(b, "arith.andi", st__sf_xor(b, x, y), st__sf_sign(b));
	st_value *ax = st__sf_mag(b, x), *ay = st__sf_mag(b, y);
	o->zx = st__sf_cmpk(b, ST_CMPI_EQ, ax, 0);
	o->zy = st__sf_cmpk(b, ST_CMPI_EQ, ay, 0);
	o->ix = st__sf_cmpk(b, ST_CMPI_EQ, ax, st__sf_inf(b));
	o->iy = st__sf_cmpk(b, ST_CMPI_EQ, ay, st__sf_inf(b));
	st__sf_unpack_norm(b, x, &o->mx, &o->ex);
	st__sf_unpack_norm(b, y, &o->my, &o->ey);
}

/* `zero` and `inf` pick a signed zero and infinity, `invalid` the default
 * NaN, NaN operands win over all. */
static st_value *finish(st__sf_b *b, const operands *o, st_value *x, st_value *y, st_value *r, st_value *zero,
                        st_value *inf, st_value *invalid) {
	r = st__sf_sel(b, zero, o->sign, r);
	r = st__sf_sel(b, inf, st__sf_bink(b, "arith.ori", o->sign, st__sf_inf(b)), r);
	r = st__sf_sel(b, invalid, st__sf_k(b, st__sf_default_nan(b)), r);
	return st__sf_nan_wins(b, x, y, r);
}

static st_value *wide(st__sf_b *b, st_value *v) { return st__sf_cast(b, "arith.extui", v, b->i64); }

/* mx * my * 2^(w - 2p - 1) for significands in [2^(p-1), 2^p), truncated,
 * the bits cut off ORed into bit 0: its leading one at bit w - 2 or w - 3. */
static st_value *product(st__sf_b *b, st_value *mx, st_value *my) {
	if (b->w == 32) {
		st_value *p = st__sf_mul(b, wide(b, st__sf_bink(b, "arith.shli", mx, 7)), wide(b, st__sf_bink(b, "arith.shli", my, 8)));
		st_value *hi = st__sf_cast(b, "arith.trunci", st__sf_shr(b, p, st__sf_const(b, b->i64, 32)), b->i32);
		st_value *lo = st__sf_cast(b, "arith.trunci", p, b->i32);
		return st__sf_or(b, hi, st__sf_bit(b, st__sf_cmpk(b, ST_CMPI_NE, lo, 0)));
	}
	/* Halves of 21 and 32 bits: the middle sum stays below 2^54; the low
	 * word's carry is that of its upper halves' sum (an add and a shift:
	 * no compare, which a constant operand would make constant). */
	int64_t half = 0xffffffffll;
	st_value *h1 = st__sf_bink(b, "arith.shrui", mx, 32), *l1 = st__sf_bink(b, "arith.andi", mx, half);
	st_value *h2 = st__sf_bink(b, "arith.shrui", my, 32), *l2 = st__sf_bink(b, "arith.andi", my, half);
	st_value *mid = st__sf_add(b, st__sf_mul(b, h1, l2), st__sf_mul(b, l1, h2));
	st_value *ll = st__sf_mul(b, l1, l2);
	st_value *lo = st__sf_add(b, st__sf_bink(b, "arith.shli", mid, 32), ll);
	st_value *carry = st__sf_bink(b, "arith.shrui",
	                              st__sf_add(b, st__sf_bink(b, "arith.andi", mid, half), st__sf_bink(b, "arith.shrui", ll, 32)), 32);
	st_value *hi = st__sf_add(b, st__sf_add(b, st__sf_mul(b, h1, h2), st__sf_bink(b, "arith.shrui", mid, 32)), carry);
	/* The 106-bit product shifted right by 43. */
	st_value *sig = st__sf_or(b, st__sf_bink(b, "arith.shli", hi, 21), st__sf_bink(b, "arith.shrui", lo, 43));
	return st__sf_or(b, sig, st__sf_bit(b, st__sf_cmpk(b, ST_CMPI_NE, st__sf_bink(b, "arith.shli", lo, 21), 0)));
}

st_value *st__sf_mulf(st__sf_b *b, st_value *x, st_value *y) {
	operands o;
	read_operands(b, x, y, &o);
	st_value *exp = st__sf_bink(b, "arith.subi", st__sf_add(b, o.ex, o.ey), st__sf_bias(b));
	st_value *sig = product(b, o.mx, o.my);
	st_value *low = st__sf_cmpk(b, ST_CMPI_ULT, sig, INT64_C(1) << (b->w - 2));
	sig = st__sf_sel(b, low, st__sf_bink(b, "arith.shli", sig, 1), sig);
	exp = st__sf_sel(b, low, st__sf_bink(b, "arith.subi", exp, 1), exp);
	st_value *r = st__sf_round_pack(b, o.sign, exp, sig);
	st_value *zero = st__sf_or(b, o.zx, o.zy), *inf = st__sf_or(b, o.ix, o.iy);
	return finish(b, &o, x, y, r, zero, inf, st__sf_and(b, zero, inf));
}

/* floor(mx * 2^(w-1) / my) for significands in [2^(p-1), 2^p) (below
 * 2^w), one quotient bit per step of a restoring division (a compare, a
 * subtract and shifts on w bits: a divider of 2w bits is what synthesis
 * chokes on), and whether it was inexact. */
static st_value *quotient(st__sf_b *b, st_value *mx, st_value *my, st_value **inexact) {
	st_value *rem = mx, *q = st__sf_k(b, 0);
	for (unsigned i = 0; i < b->w; i++) {
		st_value *ge = st__sf_cmp(b, ST_CMPI_UGE, rem, my);
		rem = st__sf_sel(b, ge, st__sf_sub(b, rem, my), rem);
		q = st__sf_or(b, st__sf_bink(b, "arith.shli", q, 1), st__sf_bit(b, ge));
		rem = st__sf_bink(b, "arith.shli", rem, 1); /* below 2 * my: no overflow */
	}
	*inexact = st__sf_cmpk(b, ST_CMPI_NE, rem, 0);
	return q;
}

st_value *st__sf_divf(st__sf_b *b, st_value *x, st_value *y) {
	operands o;
	read_operands(b, x, y, &o);
	/* The quotient's leading one at bit w - 2: mx * 2^(w-1) / my has it at
	 * bit w - 1 when mx >= my, and then loses its last bit into the sticky
	 * one.  A zero divisor's result is chosen below; it must not loop on 0. */
	st_value *my = st__sf_sel(b, o.zy, st__sf_k(b, INT64_C(1) << (b->p - 1)), o.my);
	st_value *inexact;
	st_value *q = quotient(b, o.mx, my, &inexact);
	st_value *lt = st__sf_cmp(b, ST_CMPI_ULT, o.mx, my);
	st_value *exp = st__sf_bink(b, "arith.addi", st__sf_sub(b, o.ex, o.ey), st__sf_bias(b) - 1);
	exp = st__sf_sel(b, lt, st__sf_bink(b, "arith.subi", exp, 1), exp);
	st_value *dropped = st__sf_bink(b, "arith.andi", q, 1);
	q = st__sf_sel(b, lt, q, st__sf_or(b, st__sf_bink(b, "arith.shrui", q, 1), dropped));
	st_value *sig = st__sf_or(b, q, st__sf_bit(b, inexact));
	st_value *r = st__sf_round_pack(b, o.sign, exp, sig);
	st_value *invalid = st__sf_or(b, st__sf_and(b, o.zx, o.zy), st__sf_and(b, o.ix, o.iy));
	return finish(b, &o, x, y, r, st__sf_or(b, o.zx, o.iy), st__sf_or(b, o.ix, o.zy), invalid);
}
