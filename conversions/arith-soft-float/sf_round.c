/* What the op families share: reading a binary32 or binary64 pattern
 * apart, NaN propagation as the interpreter does it, and rounding a wide
 * significand to nearest even (after Berkeley SoftFloat's roundPackToF32
 * and roundPackToF64, whose exponent and significand conventions these
 * follow). */
#include "sf.h"

st_value *st__sf_mag(st__sf_b *b, st_value *x) { return st__sf_bink(b, "arith.andi", x, ~st__sf_sign(b)); }

st_value *st__sf_is_nan(st__sf_b *b, st_value *x) {
	return st__sf_cmpk(b, ST_CMPI_UGT, st__sf_mag(b, x), st__sf_inf(b));
}

st_value *st__sf_nan_wins(st__sf_b *b, st_value *x, st_value *y, st_value *r) {
	if (y)
		r = st__sf_sel(b, st__sf_is_nan(b, y), st__sf_bink(b, "arith.ori", y, st__sf_quiet(b)), r);
	return st__sf_sel(b, st__sf_is_nan(b, x), st__sf_bink(b, "arith.ori", x, st__sf_quiet(b)), r);
}

/* The biased exponent field and the fraction. */
static void fields(st__sf_b *b, st_value *x, st_value **ex, st_value **fr) {
	*ex = st__sf_bink(b, "arith.andi", st__sf_bink(b, "arith.shrui", x, b->p - 1), st__sf_emax(b));
	*fr = st__sf_bink(b, "arith.andi", x, (INT64_C(1) << (b->p - 1)) - 1);
}

void st__sf_unpack(st__sf_b *b, st_value *x, st_value **m, st_value **e) {
	st_value *ex, *fr;
	fields(b, x, &ex, &fr);
	st_value *sub = st__sf_cmpk(b, ST_CMPI_EQ, ex, 0);
	*m = st__sf_sel(b, sub, fr, st__sf_bink(b, "arith.ori", fr, INT64_C(1) << (b->p - 1)));
	*e = st__sf_sel(b, sub, st__sf_k(b, 1), ex);
}

void st__sf_unpack_norm(st__sf_b *b, st_value *x, st_value **m, st_value **e) {
	st_value *ex, *fr;
	fields(b, x, &ex, &fr);
	st_value *sub = st__sf_cmpk(b, ST_CMPI_EQ, ex, 0);
	/* A subnormal's fraction has at least w - p + 1 leading zeros. */
	st_value *lz = st__sf_bink(b, "arith.subi", st__sf_clz(b, fr), b->w - b->p);
	*m = st__sf_sel(b, sub, st__sf_shl(b, fr, lz), st__sf_bink(b, "arith.ori", fr, INT64_C(1) << (b->p - 1)));
	*e = st__sf_sel(b, sub, st__sf_sub(b, st__sf_k(b, 1), lz), ex);
}

st_value *st__sf_round_pack(st__sf_b *b, st_value *sign, st_value *exp, st_value *sig) {
	unsigned rb = st__sf_round_bits(b);
	int64_t top = st__sf_emax(b) - 2; /* the largest finite exp */
	st_value *tiny = st__sf_cmpk(b, ST_CMPI_SLT, exp, 0);
	sig = st__sf_sel(b, tiny, st__sf_shr_jam(b, sig, st__sf_sub(b, st__sf_k(b, 0), exp)), sig);
	exp = st__sf_sel(b, tiny, st__sf_k(b, 0), exp);
	st_value *up = st__sf_bink(b, "arith.addi", sig, INT64_C(1) << (rb - 1));
	st_value *ovf = st__sf_or(b, st__sf_cmpk(b, ST_CMPI_SGT, exp, top),
	                          st__sf_and(b, st__sf_cmpk(b, ST_CMPI_EQ, exp, top),
	                                     st__sf_cmpk(b, ST_CMPI_UGE, up, st__sf_sign(b))));
	st_value *q = st__sf_bink(b, "arith.shrui", up, rb);
	st_value *tie = st__sf_cmpk(b, ST_CMPI_EQ, st__sf_bink(b, "arith.andi", sig, (INT64_C(1) << rb) - 1),
	                            INT64_C(1) << (rb - 1));
	q = st__sf_sel(b, tie, st__sf_bink(b, "arith.andi", q, ~INT64_C(1)), q);
	exp = st__sf_sel(b, st__sf_cmpk(b, ST_CMPI_EQ, q, 0), st__sf_k(b, 0), exp);
	/* Added, not ORed: a significand rounded up to 2^p carries into the
	 * exponent, a subnormal rounded up to 2^(p-1) becomes the least
	 * normal. */
	st_value *packed = st__sf_add(b, st__sf_bink(b, "arith.shli", exp, b->p - 1), q);
	return st__sf_or(b, sign, st__sf_sel(b, ovf, st__sf_k(b, st__sf_inf(b)), packed));
}

st_value *st__sf_order_key(st__sf_b *b, st_value *x) {
	st_value *neg = st__sf_cmpk(b, ST_CMPI_SLT, x, 0);
	return st__sf_sel(b, neg, st__sf_bink(b, "arith.xori", x, -1), st__sf_bink(b, "arith.ori", x, st__sf_sign(b)));
}
