/* What the op families share: reading a binary32 pattern apart, NaN
 * propagation as the interpreter does it, and rounding a wide significand
 * to nearest even (after Berkeley SoftFloat's roundPackToF32, whose
 * exponent and significand conventions these follow). */
#include "sf.h"

st_value *sf_mag(sf_b *b, st_value *x) { return sf_bink(b, "arith.andi", x, 0x7fffffff); }

st_value *sf_is_nan(sf_b *b, st_value *x) { return sf_cmpk(b, ST_CMPI_UGT, sf_mag(b, x), SF_INF); }

st_value *sf_nan_wins(sf_b *b, st_value *x, st_value *y, st_value *r) {
	if (y)
		r = sf_sel(b, sf_is_nan(b, y), sf_bink(b, "arith.ori", y, 0x400000), r);
	return sf_sel(b, sf_is_nan(b, x), sf_bink(b, "arith.ori", x, 0x400000), r);
}

void sf_unpack(sf_b *b, st_value *x, st_value **m, st_value **e) {
	st_value *ex = sf_bink(b, "arith.andi", sf_bink(b, "arith.shrui", x, 23), 0xff);
	st_value *fr = sf_bink(b, "arith.andi", x, 0x7fffff);
	st_value *sub = sf_cmpk(b, ST_CMPI_EQ, ex, 0);
	*m = sf_sel(b, sub, fr, sf_bink(b, "arith.ori", fr, 0x800000));
	*e = sf_sel(b, sub, sf_k(b, 1), ex);
}

void sf_unpack_norm(sf_b *b, st_value *x, st_value **m, st_value **e) {
	st_value *ex = sf_bink(b, "arith.andi", sf_bink(b, "arith.shrui", x, 23), 0xff);
	st_value *fr = sf_bink(b, "arith.andi", x, 0x7fffff);
	st_value *sub = sf_cmpk(b, ST_CMPI_EQ, ex, 0);
	/* A subnormal's fraction has at least 9 leading zeros. */
	st_value *lz = sf_bink(b, "arith.subi", sf_clz(b, fr), 8);
	*m = sf_sel(b, sub, sf_shl(b, fr, lz), sf_bink(b, "arith.ori", fr, 0x800000));
	*e = sf_sel(b, sub, sf_sub(b, sf_k(b, 1), lz), ex);
}

st_value *sf_round_pack(sf_b *b, st_value *sign, st_value *exp, st_value *sig) {
	st_value *tiny = sf_cmpk(b, ST_CMPI_SLT, exp, 0);
	sig = sf_sel(b, tiny, sf_shr_jam(b, sig, sf_sub(b, sf_k(b, 0), exp)), sig);
	exp = sf_sel(b, tiny, sf_k(b, 0), exp);
	st_value *up = sf_bink(b, "arith.addi", sig, 0x40);
	st_value *ovf = sf_or(b, sf_cmpk(b, ST_CMPI_SGT, exp, 0xfd),
	                      sf_and(b, sf_cmpk(b, ST_CMPI_EQ, exp, 0xfd), sf_cmpk(b, ST_CMPI_UGE, up, SF_SIGN)));
	st_value *q = sf_bink(b, "arith.shrui", up, 7);
	st_value *tie = sf_cmpk(b, ST_CMPI_EQ, sf_bink(b, "arith.andi", sig, 0x7f), 0x40);
	q = sf_sel(b, tie, sf_bink(b, "arith.andi", q, ~1ll), q);
	exp = sf_sel(b, sf_cmpk(b, ST_CMPI_EQ, q, 0), sf_k(b, 0), exp);
	/* Added, not ORed: a significand rounded up to 2^24 carries into the
	 * exponent, a subnormal rounded up to 2^23 becomes the least normal. */
	st_value *packed = sf_add(b, sf_bink(b, "arith.shli", exp, 23), q);
	return sf_or(b, sign, sf_sel(b, ovf, sf_k(b, SF_INF), packed));
}

st_value *sf_order_key(sf_b *b, st_value *x) {
	st_value *neg = sf_cmpk(b, ST_CMPI_SLT, x, 0);
	return sf_sel(b, neg, sf_bink(b, "arith.xori", x, -1), sf_bink(b, "arith.ori", x, SF_SIGN));
}
