/* math.floor on f32 or f64, exact: the fraction bits below weight 1 are
 * cleared, and a negative value that had any is pushed one unit away
 * from zero by adding that unit to its magnitude's bits (a carry into the
 * exponent is the next binade, as it should be).  Below 1 in magnitude
 * the result is a signed zero, or -1 for a negative nonzero value; from
 * 2^(p-1) up (infinities and NaNs too) the value is already an integer. */
#include "sf.h"

st_value *st__sf_floorf(st__sf_b *b, st_value *x) {
	int64_t unit = st__sf_bias(b) + b->p - 1; /* the biased exponent whose ulp is 1 */
	st_value *ex = st__sf_bink(b, "arith.andi", st__sf_bink(b, "arith.shrui", x, b->p - 1), st__sf_emax(b));
	st_value *sign = st__sf_bink(b, "arith.andi", x, st__sf_sign(b));
	st_value *neg = st__sf_cmpk(b, ST_CMPI_SLT, x, 0);
	/* 1 to p - 1 fraction bits when bias <= ex < unit; the shift is kept in
	 * range elsewhere (its result is not chosen there). */
	st_value *f = st__sf_sub(b, st__sf_k(b, unit), ex);
	st_value *in = st__sf_and(b, st__sf_cmpk(b, ST_CMPI_ULT, ex, unit), st__sf_cmpk(b, ST_CMPI_UGE, ex, st__sf_bias(b)));
	f = st__sf_sel(b, in, f, st__sf_k(b, 0));
	st_value *one = st__sf_shl(b, st__sf_k(b, 1), f);
	st_value *mask = st__sf_bink(b, "arith.subi", one, 1);
	st_value *frac = st__sf_and(b, x, mask);
	st_value *t = st__sf_xor(b, x, frac);
	st_value *away = st__sf_and(b, neg, st__sf_cmpk(b, ST_CMPI_NE, frac, 0));
	st_value *r = st__sf_sel(b, away, st__sf_add(b, t, one), t);
	/* |x| < 1: -1 for a negative nonzero x, else a zero of x's sign. */
	st_value *small = st__sf_sel(b, st__sf_and(b, neg, st__sf_cmpk(b, ST_CMPI_NE, st__sf_mag(b, x), 0)),
	                             st__sf_k(b, st__sf_sign(b) | (st__sf_bias(b) << (b->p - 1))), sign);
	r = st__sf_sel(b, st__sf_cmpk(b, ST_CMPI_ULT, ex, st__sf_bias(b)), small, r);
	r = st__sf_sel(b, st__sf_cmpk(b, ST_CMPI_UGE, ex, unit), x, r);
	return st__sf_nan_wins(b, x, NULL, r);
}
