/* sitofp/uitofp and fptosi/fptoui between f32 and integers of at most 32
 * bits.  Integer to float rounds to nearest even through st__sf_round_pack;
 * float to integer truncates toward zero.  Out-of-range conversions (NaN,
 * infinity, too large) are poison for the interpreter, so any value is a
 * correct lowering: the shifts are only kept in range. */
#include "sf.h"

static unsigned width(st_type *t) { return st_type_int_width(t); }

static st_value *to_i32(st__sf_b *b, st_value *x, bool is_signed) {
	if (width(st_value_type(x)) == 32)
		return x;
	return st__sf_cast(b, is_signed ? "arith.extsi" : "arith.extui", x, b->i32);
}

st_value *st__sf_itof(st__sf_b *b, st_value *x, bool is_signed) {
	x = to_i32(b, x, is_signed);
	st_value *mag = x, *sign = st__sf_k(b, 0);
	if (is_signed) {
		/* The minimum's magnitude, 2^31, is right as an unsigned value. */
		st_value *neg = st__sf_cmpk(b, ST_CMPI_SLT, x, 0);
		mag = st__sf_sel(b, neg, st__sf_sub(b, sign, x), x);
		sign = st__sf_sel(b, neg, st__sf_k(b, SF_SIGN), sign);
	}
	/* The leading one to bit 31, then to bit 30 with a sticky bit. */
	st_value *lz = st__sf_clz(b, mag);
	st_value *top = st__sf_shl(b, mag, lz);
	st_value *sig = st__sf_or(b, st__sf_bink(b, "arith.shrui", top, 1), st__sf_bink(b, "arith.andi", top, 1));
	st_value *r = st__sf_round_pack(b, sign, st__sf_sub(b, st__sf_k(b, 157), lz), sig);
	return st__sf_sel(b, st__sf_cmpk(b, ST_CMPI_EQ, mag, 0), st__sf_k(b, 0), r);
}

st_value *st__sf_ftoi(st__sf_b *b, st_value *x, st_type *t, bool is_signed) {
	st_value *ex = st__sf_bink(b, "arith.andi", st__sf_bink(b, "arith.shrui", x, 23), 0xff);
	st_value *m = st__sf_bink(b, "arith.ori", st__sf_bink(b, "arith.andi", x, 0x7fffff), 0x800000);
	/* value = m * 2^(ex - 150): shift right by 150 - ex or left by ex - 150;
	 * below 1 the right shift (24 or more) leaves 0. */
	st_value *rs = st__sf_sub(b, st__sf_k(b, 150), ex), *ls = st__sf_bink(b, "arith.subi", ex, 150);
	st_value *k31 = st__sf_k(b, 31);
	st_value *right = st__sf_shr(b, m, st__sf_sel(b, st__sf_cmp(b, ST_CMPI_UGT, rs, k31), k31, rs));
	st_value *left = st__sf_shl(b, m, st__sf_sel(b, st__sf_cmp(b, ST_CMPI_UGT, ls, k31), k31, ls));
	st_value *r = st__sf_sel(b, st__sf_cmpk(b, ST_CMPI_ULT, ex, 150), right, left);
	if (is_signed)
		r = st__sf_sel(b, st__sf_cmpk(b, ST_CMPI_SLT, x, 0), st__sf_sub(b, st__sf_k(b, 0), r), r);
	return width(t) == 32 ? r : st__sf_cast(b, "arith.trunci", r, t);
}
