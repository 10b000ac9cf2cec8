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

static void read_operands(sf_b *b, st_value *x, st_value *y, operands *o) {
	o->sign = sf_bink(b, "arith.andi", sf_xor(b, x, y), SF_SIGN);
	st_value *ax = sf_mag(b, x), *ay = sf_mag(b, y);
	o->zx = sf_cmpk(b, ST_CMPI_EQ, ax, 0);
	o->zy = sf_cmpk(b, ST_CMPI_EQ, ay, 0);
	o->ix = sf_cmpk(b, ST_CMPI_EQ, ax, SF_INF);
	o->iy = sf_cmpk(b, ST_CMPI_EQ, ay, SF_INF);
	sf_unpack_norm(b, x, &o->mx, &o->ex);
	sf_unpack_norm(b, y, &o->my, &o->ey);
}

/* `zero` and `inf` pick a signed zero and infinity, `invalid` the default
 * NaN, NaN operands win over all. */
static st_value *finish(sf_b *b, const operands *o, st_value *x, st_value *y, st_value *r, st_value *zero,
                        st_value *inf, st_value *invalid) {
	r = sf_sel(b, zero, o->sign, r);
	r = sf_sel(b, inf, sf_bink(b, "arith.ori", o->sign, SF_INF), r);
	r = sf_sel(b, invalid, sf_k(b, SF_DEFAULT_NAN), r);
	return sf_nan_wins(b, x, y, r);
}

static st_value *wide(sf_b *b, st_value *v) { return sf_cast(b, "arith.extui", v, b->i64); }

st_value *sf_mulf(sf_b *b, st_value *x, st_value *y) {
	operands o;
	read_operands(b, x, y, &o);
	st_value *exp = sf_bink(b, "arith.subi", sf_add(b, o.ex, o.ey), 0x7f);
	st_value *p = sf_mul(b, wide(b, sf_bink(b, "arith.shli", o.mx, 7)), wide(b, sf_bink(b, "arith.shli", o.my, 8)));
	st_value *hi = sf_cast(b, "arith.trunci", sf_shr(b, p, sf_const(b, b->i64, 32)), b->i32);
	st_value *lo = sf_cast(b, "arith.trunci", p, b->i32);
	st_value *sig = sf_or(b, hi, sf_bit(b, sf_cmpk(b, ST_CMPI_NE, lo, 0)));
	st_value *low = sf_cmpk(b, ST_CMPI_ULT, sig, 0x40000000);
	sig = sf_sel(b, low, sf_bink(b, "arith.shli", sig, 1), sig);
	exp = sf_sel(b, low, sf_bink(b, "arith.subi", exp, 1), exp);
	st_value *r = sf_round_pack(b, o.sign, exp, sig);
	st_value *zero = sf_or(b, o.zx, o.zy), *inf = sf_or(b, o.ix, o.iy);
	return finish(b, &o, x, y, r, zero, inf, sf_and(b, zero, inf));
}

/* floor(mx * 2^31 / my) for significands in [2^23, 2^24) (below 2^32),
 * one quotient bit per step of a restoring division (a compare, a
 * subtract and shifts on 32 bits: a 64-bit divider is what synthesis
 * chokes on), and whether it was inexact. */
static st_value *quotient(sf_b *b, st_value *mx, st_value *my, st_value **inexact) {
	st_value *rem = mx, *q = sf_k(b, 0);
	for (int i = 0; i < 32; i++) {
		st_value *ge = sf_cmp(b, ST_CMPI_UGE, rem, my);
		rem = sf_sel(b, ge, sf_sub(b, rem, my), rem);
		q = sf_or(b, sf_bink(b, "arith.shli", q, 1), sf_bit(b, ge));
		rem = sf_bink(b, "arith.shli", rem, 1); /* below 2 * my: no overflow */
	}
	*inexact = sf_cmpk(b, ST_CMPI_NE, rem, 0);
	return q;
}

st_value *sf_divf(sf_b *b, st_value *x, st_value *y) {
	operands o;
	read_operands(b, x, y, &o);
	/* The quotient's leading one at bit 30: mx * 2^31 / my has it at bit
	 * 31 when mx >= my, and then loses its last bit into the sticky one.
	 * A zero divisor's result is chosen below; it must not loop on 0. */
	st_value *my = sf_sel(b, o.zy, sf_k(b, 0x800000), o.my);
	st_value *inexact;
	st_value *q = quotient(b, o.mx, my, &inexact);
	st_value *lt = sf_cmp(b, ST_CMPI_ULT, o.mx, my);
	st_value *exp = sf_bink(b, "arith.addi", sf_sub(b, o.ex, o.ey), 0x7e);
	exp = sf_sel(b, lt, sf_bink(b, "arith.subi", exp, 1), exp);
	st_value *dropped = sf_bink(b, "arith.andi", q, 1);
	q = sf_sel(b, lt, q, sf_or(b, sf_bink(b, "arith.shrui", q, 1), dropped));
	st_value *sig = sf_or(b, q, sf_bit(b, inexact));
	st_value *r = sf_round_pack(b, o.sign, exp, sig);
	st_value *invalid = sf_or(b, sf_and(b, o.zx, o.zy), sf_and(b, o.ix, o.iy));
	return finish(b, &o, x, y, r, sf_or(b, o.zx, o.iy), sf_or(b, o.ix, o.zy), invalid);
}
