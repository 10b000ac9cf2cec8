/* addf and subf: the operand of larger magnitude fixes the sign and the
 * exponent; the other is aligned to it with its shifted-out bits kept as a
 * sticky bit, which is all rounding needs (a cancellation of more than one
 * bit only happens for exponents at most one apart, where nothing is
 * shifted out).  subf is addf of the negated operand, except that a NaN
 * operand comes back with its own sign. */
#include "sf.h"

st_value *st__sf_addf(st__sf_b *b, st_value *x, st_value *y0, bool sub) {
	st_value *y = sub ? st__sf_bink(b, "arith.xori", y0, st__sf_sign(b)) : y0;
	st_value *swap = st__sf_cmp(b, ST_CMPI_UGT, st__sf_mag(b, y), st__sf_mag(b, x));
	st_value *big = st__sf_sel(b, swap, y, x), *small = st__sf_sel(b, swap, x, y);
	st_value *sign = st__sf_bink(b, "arith.andi", big, st__sf_sign(b));
	st_value *same = st__sf_cmp(b, ST_CMPI_EQ, sign, st__sf_bink(b, "arith.andi", small, st__sf_sign(b)));
	st_value *mx, *ex, *my, *ey;
	st__sf_unpack(b, big, &mx, &ex);
	st__sf_unpack(b, small, &my, &ey);
	unsigned rb = st__sf_round_bits(b);
	st_value *xs = st__sf_bink(b, "arith.shli", mx, rb);
	st_value *ys = st__sf_shr_jam(b, st__sf_bink(b, "arith.shli", my, rb), st__sf_sub(b, ex, ey));
	st_value *s = st__sf_sel(b, same, st__sf_add(b, xs, ys), st__sf_sub(b, xs, ys));
	/* The leading one back to bit w - 2: down one on a carry out of it,
	 * up after a cancellation. */
	st_value *lz = st__sf_clz(b, s);
	st_value *carry = st__sf_cmpk(b, ST_CMPI_EQ, lz, 0);
	st_value *up = st__sf_shl(b, s, st__sf_sel(b, carry, st__sf_k(b, 0), st__sf_bink(b, "arith.subi", lz, 1)));
	st_value *down = st__sf_or(b, st__sf_bink(b, "arith.shrui", s, 1), st__sf_bink(b, "arith.andi", s, 1));
	st_value *r = st__sf_round_pack(b, sign, st__sf_sub(b, ex, lz), st__sf_sel(b, carry, down, up));
	/* An exact zero is +0 unless both operands were -0. */
	st_value *zero = st__sf_sel(b, same, sign, st__sf_k(b, 0));
	r = st__sf_sel(b, st__sf_cmpk(b, ST_CMPI_EQ, s, 0), zero, r);
	st_value *big_inf = st__sf_cmpk(b, ST_CMPI_EQ, st__sf_mag(b, big), st__sf_inf(b));
	st_value *small_inf = st__sf_cmpk(b, ST_CMPI_EQ, st__sf_mag(b, small), st__sf_inf(b));
	r = st__sf_sel(b, big_inf, big, r);
	st_value *inf_minus_inf = st__sf_and(b, small_inf, st__sf_cmpk(b, ST_CMPI_EQ, st__sf_bit(b, same), 0));
	r = st__sf_sel(b, inf_minus_inf, st__sf_k(b, st__sf_default_nan(b)), r);
	return st__sf_nan_wins(b, x, y0, r);
}
