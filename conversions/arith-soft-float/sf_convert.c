/* sitofp/uitofp and fptosi/fptoui between a float and integers of at most
 * its width, and extf/truncf between f32 and f64.  Integer to float and
 * f64 to f32 round to nearest even through st__sf_round_pack; float to
 * integer truncates toward zero.  Out-of-range conversions (NaN,
 * infinity, too large) are poison for the interpreter, so any value is a
 * correct lowering: the shifts are only kept in range. */
#include "sf.h"

static unsigned width(st_type *t) { return st_type_int_width(t); }

static st_value *to_word(st__sf_b *b, st_value *x, bool is_signed) {
	if (width(st_value_type(x)) == b->w)
		return x;
	return st__sf_cast(b, is_signed ? "arith.extsi" : "arith.extui", x, b->t);
}

st_value *st__sf_itof(st__sf_b *b, st_value *x, bool is_signed) {
	x = to_word(b, x, is_signed);
	st_value *mag = x, *sign = st__sf_k(b, 0);
	if (is_signed) {
		/* The minimum's magnitude, 2^(w-1), is right as an unsigned value. */
		st_value *neg = st__sf_cmpk(b, ST_CMPI_SLT, x, 0);
		mag = st__sf_sel(b, neg, st__sf_sub(b, sign, x), x);
		sign = st__sf_sel(b, neg, st__sf_k(b, st__sf_sign(b)), sign);
	}
	/* The leading one to bit w - 1, then to bit w - 2 with a sticky bit. */
	st_value *lz = st__sf_clz(b, mag);
	st_value *top = st__sf_shl(b, mag, lz);
	st_value *sig = st__sf_or(b, st__sf_bink(b, "arith.shrui", top, 1), st__sf_bink(b, "arith.andi", top, 1));
	st_value *r = st__sf_round_pack(b, sign, st__sf_sub(b, st__sf_k(b, st__sf_bias(b) + b->w - 2), lz), sig);
	return st__sf_sel(b, st__sf_cmpk(b, ST_CMPI_EQ, mag, 0), st__sf_k(b, 0), r);
}

st_value *st__sf_ftoi(st__sf_b *b, st_value *x, st_type *t, bool is_signed) {
	int64_t one = INT64_C(1) << (b->p - 1), unit = st__sf_bias(b) + b->p - 1; /* the exponent of weight 1 */
	st_value *ex = st__sf_bink(b, "arith.andi", st__sf_bink(b, "arith.shrui", x, b->p - 1), st__sf_emax(b));
	st_value *m = st__sf_bink(b, "arith.ori", st__sf_bink(b, "arith.andi", x, one - 1), one);
	/* value = m * 2^(ex - unit): shift right by unit - ex or left by
	 * ex - unit; below 1 the right shift (p or more) leaves 0. */
	st_value *rs = st__sf_sub(b, st__sf_k(b, unit), ex), *ls = st__sf_bink(b, "arith.subi", ex, unit);
	st_value *cap = st__sf_k(b, b->w - 1);
	st_value *right = st__sf_shr(b, m, st__sf_sel(b, st__sf_cmp(b, ST_CMPI_UGT, rs, cap), cap, rs));
	st_value *left = st__sf_shl(b, m, st__sf_sel(b, st__sf_cmp(b, ST_CMPI_UGT, ls, cap), cap, ls));
	st_value *r = st__sf_sel(b, st__sf_cmpk(b, ST_CMPI_ULT, ex, unit), right, left);
	if (is_signed)
		r = st__sf_sel(b, st__sf_cmpk(b, ST_CMPI_SLT, x, 0), st__sf_sub(b, st__sf_k(b, 0), r), r);
	return width(t) == b->w ? r : st__sf_cast(b, "arith.trunci", r, t);
}

/* f32 = 1 sign, 8 exponent, 23 fraction bits; f64 = 1, 11, 52: a fraction
 * moves by 29 bits, a biased exponent by 1023 - 127 = 896. */
enum { FRAC_SHIFT = 29, EXP_SHIFT = 896 };

st_value *st__sf_extf(st__sf_b *b, st_value *x) {
	st__sf_set_format(b, false);
	st_value *m, *e;
	st__sf_unpack_norm(b, x, &m, &e); /* x = m 2^(e - 150), m in [2^23, 2^24) */
	st_value *nan = st__sf_is_nan(b, x), *inf = st__sf_cmpk(b, ST_CMPI_EQ, st__sf_mag(b, x), st__sf_inf(b));
	st_value *zero = st__sf_cmpk(b, ST_CMPI_EQ, st__sf_mag(b, x), 0);
	st_value *frac = st__sf_bink(b, "arith.andi", x, 0x7fffff);
	st_value *sign = st__sf_cast(b, "arith.extui", st__sf_bink(b, "arith.andi", x, st__sf_sign(b)), b->i64);
	/* A normal f64 always (e - 127 + 1023 >= 874 for the least subnormal),
	 * its fraction m's bits below the leading one. */
	st_value *e64 = st__sf_cast(b, "arith.extsi", st__sf_bink(b, "arith.addi", e, EXP_SHIFT), b->i64);
	st_value *m64 = st__sf_cast(b, "arith.extui", st__sf_bink(b, "arith.andi", m, 0x7fffff), b->i64);
	st_value *k52 = st__sf_const(b, b->i64, 52), *k29 = st__sf_const(b, b->i64, FRAC_SHIFT);
	st_value *r = st__sf_or(b, st__sf_shl(b, e64, k52), st__sf_shl(b, m64, k29));
	/* Infinity and NaN: the top exponent, the fraction moved up (a NaN's
	 * made quiet, as the interpreter's convert does). */
	st_value *f64_frac = st__sf_shl(b, st__sf_cast(b, "arith.extui", frac, b->i64), k29);
	st_value *special = st__sf_or(b, st__sf_const(b, b->i64, INT64_C(0x7ff) << 52), f64_frac);
	special = st__sf_sel(b, nan, st__sf_or(b, special, st__sf_const(b, b->i64, INT64_C(1) << 51)), special);
	r = st__sf_sel(b, st__sf_or(b, nan, inf), special, r);
	r = st__sf_sel(b, zero, st__sf_const(b, b->i64, 0), r);
	return st__sf_or(b, st__sf_shl(b, sign, st__sf_const(b, b->i64, 32)), r);
}

st_value *st__sf_truncf(st__sf_b *b, st_value *x) {
	/* Read as f64: sign, significand below 2^53 and exponent (at least 1). */
	st__sf_set_format(b, true);
	st_value *m, *e;
	st__sf_unpack(b, x, &m, &e); /* x = m 2^(e - 1075) */
	st_value *nan = st__sf_is_nan(b, x), *inf = st__sf_cmpk(b, ST_CMPI_EQ, st__sf_mag(b, x), st__sf_inf(b));
	st_value *zero = st__sf_cmpk(b, ST_CMPI_EQ, st__sf_mag(b, x), 0);
	/* sig = m * 2^-22 with the lost bits jammed: a normal's leading one at
	 * bit 30; the exponent in binary32's round_pack convention, value =
	 * sig * 2^(exp - 156), so exp = e - 1075 + 22 + 156, within an i32. */
	st_value *sig64 = st__sf_shr_jam(b, m, st__sf_k(b, 22));
	st_value *top = st__sf_cast(b, "arith.trunci", st__sf_bink(b, "arith.shrui", x, 32), b->i32);
	st_value *frac_hi = st__sf_cast(b, "arith.trunci", st__sf_bink(b, "arith.shrui", m, FRAC_SHIFT), b->i32);
	st_value *sig = st__sf_cast(b, "arith.trunci", sig64, b->i32);
	st_value *exp = st__sf_cast(b, "arith.trunci", st__sf_bink(b, "arith.subi", e, 1075 - 22 - 156), b->i32);
	/* The rest in binary32. */
	st__sf_set_format(b, false);
	st_value *sign = st__sf_bink(b, "arith.andi", top, st__sf_sign(b));
	st_value *r = st__sf_round_pack(b, sign, exp, sig);
	st_value *special = st__sf_or(b, sign, st__sf_k(b, st__sf_inf(b)));
	st_value *qnan = st__sf_or(b, special, st__sf_or(b, st__sf_bink(b, "arith.andi", frac_hi, 0x7fffff),
	                                                  st__sf_k(b, st__sf_quiet(b))));
	r = st__sf_sel(b, inf, special, r);
	r = st__sf_sel(b, nan, qnan, r);
	return st__sf_sel(b, zero, sign, r);
}
