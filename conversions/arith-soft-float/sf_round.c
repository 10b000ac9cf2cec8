/* What the op families share: reading a binary32 pattern apart, NaN
 * propagation as the interpreter does it, and rounding a wide significand
 * to nearest even (after Berkeley SoftFloat's roundPackToF32, whose
 * exponent and significand conventions these follow). */
#include "sf.h"

st_value *st__sf_mag(st__sf_b *b, st_value *x) { return st__sf_bink(b, "arith.andi", x, 0x7fffffff); }

st_value *st__sf_is_nan(st__sf_b *b, st_value *x) { return st__sf_cmpk(b, ST_CMPI_UGT, st__sf_mag(b, x), SF_INF); }

st_value *st__sf_nan_wins(st__sf_b *b, st_value *x, st_value *y, st_value *r) {
	if (y)
		r = st__sf_sel(b, st__sf_is_nan(b, y), st__sf_bink(b, "arith.ori", y, 0x400000), r);
	return st__sf_sel(b, st__sf_is_nan(b, x), st__sf_bink(b, "arith.ori", x, 0x400000), r);
}

void st__sf_unpack(st__sf_b *b, st_value *x, st_value **m, st_value **e) {
	st_value *ex = st__sf_bink(b, "arith.andi", st__sf_bink(b, "arith.shrui", x, 23), 0xff);
	st_value *fr = st__sf_bink(b, "arith.andi", x, 0x7fffff);
	st_value *sub = st__sf_cmpk(b, ST_CMPI_EQ, ex, 0);
	*m = st__sf_sel(b, sub, fr, st__sf_bink(b, "arith.ori", fr, 0x800000));
	*e = st__sf_sel(b, sub, st__sf_k(b, 1), ex);
}

void st__sf_unpack_norm(st__sf_b *b, st_value *x, st_value **m, st_value **e) {
	st_value *ex = st__sf_bink(b, "arith.andi", st__sf_bink(b, "arith.shrui", x, 23), 0xff);
	st_value *fr = st__sf_bink(b, "arith.andi", x, 0x7fffff);
	st_value *sub = st__sf_cmpk(b, ST_CMPI_EQ, ex, 0);
	/* A subnormal's fraction has at least 9 leading zeros. */
	st_value *lz = st__sf_bink(b, "arith.subi", st__sf_clz(b, fr), 8);
	*m = st__sf_sel(b, sub, st__sf_shl(b, fr, lz), st__sf_bink(b, "arith.ori", fr, 0x800000));
	*e = st__sf_sel(b, sub, st__sf_sub(b, st__sf_k(b, 1), lz), ex);
}

st_value *st__sf_round_pack(st__sf_b *b, st_value *sign, st_value *exp, st_value *sig) {
	st_value *tiny = st__sf_cmpk(b, ST_CMPI_SLT, exp, 0);
	sig = st__sf_sel(b, tiny, st__sf_shr_jam(b, sig, st__sf_sub(b, st__sf_k(b, 0), exp)), sig);
	exp = st__sf_sel(b, tiny, st__sf_k(b, 0), exp);
	st_value *up = st__sf_bink(b, "arith.addi", sig, 0x40);
	st_value *ovf = st__sf_or(b, st__sf_cmpk(b, ST_CMPI_SGT, exp, 0xfd),
	                      st__sf_and(b, st__sf_cmpk(b, ST_CMPI_EQ, exp, 0xfd), st__sf_cmpk(b, ST_CMPI_UGE, up, SF_SIGN)));
	st_value *q = st__sf_bink(b, "arith.shrui", up, 7);
	st_value *tie = st__sf_cmpk(b, ST_CMPI_EQ, st__sf_bink(b, "arith.andi", sig, 0x7f), 0x40);
	q = st__sf_sel(b, tie, st__sf_bink(b, "arith.andi", q, ~1ll), q);
	exp = st__sf_sel(b, st__sf_cmpk(b, ST_CMPI_EQ, q, 0), st__sf_k(b, 0), exp);
	/* Added, not ORed: a significand rounded up to 2^24 carries into the
	 * exponent, a subnormal rounded up to 2^23 becomes the least normal. */
	st_value *packed = st__sf_add(b, st__sf_bink(b, "arith.shli", exp, 23), q);
	return st__sf_or(b, sign, st__sf_sel(b, ovf, st__sf_k(b, SF_INF), packed));
}

st_value *st__sf_order_key(st__sf_b *b, st_value *x) {
	st_value *neg = st__sf_cmpk(b, ST_CMPI_SLT, x, 0);
	return st__sf_sel(b, neg, st__sf_bink(b, "arith.xori", x, -1), st__sf_bink(b, "arith.ori", x, SF_SIGN));
}
