/* addf and subf: the operand of larger magnitude fixes the sign and the
 * exponent; the other is aligned to it with its shifted-out bits kept as a
 * sticky bit, which is all rounding needs (a cancellation of more than one
 * bit only happens for exponents at most one apart, where nothing is
 * shifted out).  subf is addf of the negated operand, except that a NaN
 * operand comes back with its own sign. */
#include "sf.h"

st_value *sf_addf(sf_b *b, st_value *x, st_value *y0, bool sub) {
	st_value *y = sub ? sf_bink(b, "arith.xori", y0, SF_SIGN) : y0;
	st_value *swap = sf_cmp(b, ST_CMPI_UGT, sf_mag(b, y), sf_mag(b, x));
	st_value *big = sf_sel(b, swap, y, x), *small = sf_sel(b, swap, x, y);
	st_value *sign = sf_bink(b, "arith.andi", big, SF_SIGN);
	st_value *same = sf_cmp(b, ST_CMPI_EQ, sign, sf_bink(b, "arith.andi", small, SF_SIGN));
	st_value *mx, *ex, *my, *ey;
	sf_unpack(b, big, &mx, &ex);
	sf_unpack(b, small, &my, &ey);
	st_value *xs = sf_bink(b, "arith.shli", mx, 7);
	st_value *ys = sf_shr_jam(b, sf_bink(b, "arith.shli", my, 7), sf_sub(b, ex, ey));
	st_value *s = sf_sel(b, same, sf_add(b, xs, ys), sf_sub(b, xs, ys));
	/* The leading one back to bit 30: down one on a carry out of bit 30,
	 * up after a cancellation. */
	st_value *lz = sf_clz(b, s);
	st_value *carry = sf_cmpk(b, ST_CMPI_EQ, lz, 0);
	st_value *up = sf_shl(b, s, sf_sel(b, carry, sf_k(b, 0), sf_bink(b, "arith.subi", lz, 1)));
	st_value *down = sf_or(b, sf_bink(b, "arith.shrui", s, 1), sf_bink(b, "arith.andi", s, 1));
	st_value *r = sf_round_pack(b, sign, sf_sub(b, ex, lz), sf_sel(b, carry, down, up));
	/* An exact zero is +0 unless both operands were -0. */
	st_value *zero = sf_sel(b, same, sign, sf_k(b, 0));
	r = sf_sel(b, sf_cmpk(b, ST_CMPI_EQ, s, 0), zero, r);
	st_value *big_inf = sf_cmpk(b, ST_CMPI_EQ, sf_mag(b, big), SF_INF);
	st_value *small_inf = sf_cmpk(b, ST_CMPI_EQ, sf_mag(b, small), SF_INF);
	r = sf_sel(b, big_inf, big, r);
	st_value *inf_minus_inf = sf_and(b, small_inf, sf_cmpk(b, ST_CMPI_EQ, sf_bit(b, same), 0));
	r = sf_sel(b, inf_minus_inf, sf_k(b, SF_DEFAULT_NAN), r);
	return sf_nan_wins(b, x, y0, r);
}
