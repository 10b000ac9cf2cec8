/* mulf and divf: normalised significands multiplied in 64-bit integers or
 * divided bit by bit, the exact product's low half or the division's
 * remainder kept as the sticky bit (after SoftFloat's f32_mul and
 * f32_div), then the special operands (zero, infinity, NaN) chosen over
 * the finite result. */
#include "sf.h"

typedef struct operands {
	st_value *sign, *zx, *zy, *ix, *iy; /* result sign; zero and infinity tests */
	st_value *mx, *ex, *my, *ey;
} operands;

static void read_operands(st__sf_b *b, st_value *x, st_value *y, operands *o) {
	o->sign = st__sf_bink(b, "arith.andi", st__sf_xor(b, x, y), SF_SIGN);
	st_value *ax = st__sf_mag(b, x), *ay = st__sf_mag(b, y);
	o->zx = st__sf_cmpk(b, ST_CMPI_EQ, ax, 0);
	o->zy = st__sf_cmpk(b, ST_CMPI_EQ, ay, 0);
	o->ix = st__sf_cmpk(b, ST_CMPI_EQ, ax, SF_INF);
	o->iy = st__sf_cmpk(b, ST_CMPI_EQ, ay, SF_INF);
	st__sf_unpack_norm(b, x, &o->mx, &o->ex);
	st__sf_unpack_norm(b, y, &o->my, &o->ey);
}

/* `zero` and `inf` pick a signed zero and infinity, `invalid` the default
 * NaN, NaN operands win over all. */
static st_value *finish(st__sf_b *b, const operands *o, st_value *x, st_value *y, st_value *r, st_value *zero,
                        st_value *inf, st_value *invalid) {
	r = st__sf_sel(b, zero, o->sign, r);
	r = st__sf_sel(b, inf, st__sf_bink(b, "arith.ori", o->sign, SF_INF), r);
	r = st__sf_sel(b, invalid, st__sf_k(b, SF_DEFAULT_NAN), r);
	return st__sf_nan_wins(b, x, y, r);
}

static st_value *wide(st__sf_b *b, st_value *v) { return st__sf_cast(b, "arith.extui", v, b->i64); }

st_value *st__sf_mulf(st__sf_b *b, st_value *x, st_value *y) {
	operands o;
	read_operands(b, x, y, &o);
	st_value *exp = st__sf_bink(b, "arith.subi", st__sf_add(b, o.ex, o.ey), 0x7f);
	st_value *p = st__sf_mul(b, wide(b, st__sf_bink(b, "arith.shli", o.mx, 7)), wide(b, st__sf_bink(b, "arith.shli", o.my, 8)));
	st_value *hi = st__sf_cast(b, "arith.trunci", st__sf_shr(b, p, st__sf_const(b, b->i64, 32)), b->i32);
	st_value *lo = st__sf_cast(b, "arith.trunci", p, b->i32);
	st_value *sig = st__sf_or(b, hi, st__sf_bit(b, st__sf_cmpk(b, ST_CMPI_NE, lo, 0)));
	st_value *low = st__sf_cmpk(b, ST_CMPI_ULT, sig, 0x40000000);
	sig = st__sf_sel(b, low, st__sf_bink(b, "arith.shli", sig, 1), sig);
	exp = st__sf_sel(b, low, st__sf_bink(b, "arith.subi", exp, 1), exp);
	st_value *r = st__sf_round_pack(b, o.sign, exp, sig);
	st_value *zero = st__sf_or(b, o.zx, o.zy), *inf = st__sf_or(b, o.ix, o.iy);
	return finish(b, &o, x, y, r, zero, inf, st__sf_and(b, zero, inf));
}

/* floor(mx * 2^31 / my) for significands in [2^23, 2^24) (below 2^32),
 * one quotient bit per step of a restoring division (a compare, a
 * subtract and shifts on 32 bits: a 64-bit divider is what synthesis
 * chokes on), and whether it was inexact. */
static st_value *quotient(st__sf_b *b, st_value *mx, st_value *my, st_value **inexact) {
	st_value *rem = mx, *q = st__sf_k(b, 0);
	for (int i = 0; i < 32; i++) {
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
	/* The quotient's leading one at bit 30: mx * 2^31 / my has it at bit
	 * 31 when mx >= my, and then loses its last bit into the sticky one.
	 * A zero divisor's result is chosen below; it must not loop on 0. */
	st_value *my = st__sf_sel(b, o.zy, st__sf_k(b, 0x800000), o.my);
	st_value *inexact;
	st_value *q = quotient(b, o.mx, my, &inexact);
	st_value *lt = st__sf_cmp(b, ST_CMPI_ULT, o.mx, my);
	st_value *exp = st__sf_bink(b, "arith.addi", st__sf_sub(b, o.ex, o.ey), 0x7e);
	exp = st__sf_sel(b, lt, st__sf_bink(b, "arith.subi", exp, 1), exp);
	st_value *dropped = st__sf_bink(b, "arith.andi", q, 1);
	q = st__sf_sel(b, lt, q, st__sf_or(b, st__sf_bink(b, "arith.shrui", q, 1), dropped));
	st_value *sig = st__sf_or(b, q, st__sf_bit(b, inexact));
	st_value *r = st__sf_round_pack(b, o.sign, exp, sig);
	st_value *invalid = st__sf_or(b, st__sf_and(b, o.zx, o.zy), st__sf_and(b, o.ix, o.iy));
	return finish(b, &o, x, y, r, st__sf_or(b, o.zx, o.iy), st__sf_or(b, o.ix, o.zy), invalid);
}
