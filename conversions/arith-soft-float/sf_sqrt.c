/* math.sqrt on f32: the normalised significand, shifted so that the
 * exponent left over is even, goes through an integer square root digit by
 * digit (no multiplier: a compare, a subtract and shifts per result bit,
 * 31 of them), and the remainder is the sticky bit.  The square root of a
 * float is never exactly halfway between two floats, so rounding it as
 * st__sf_round_pack does (nearest even) is the correctly rounded result the
 * interpreter's sqrtf gives. */
#include "sf.h"

/* floor(sqrt(n)) of an i64 below 2^62, and whether n was a square. */
static st_value *isqrt(st__sf_b *b, st_value *n, st_value **exact) {
	st_value *res = st__sf_const(b, b->i64, 0);
	st_value *one = st__sf_const(b, b->i64, 1);
	for (int i = 30; i >= 0; i--) {
		st_value *bit = st__sf_const(b, b->i64, (int64_t)1 << (2 * i));
		st_value *trial = st__sf_add(b, res, bit);
		st_value *fits = st__sf_cmp(b, ST_CMPI_UGE, n, trial);
		n = st__sf_sel(b, fits, st__sf_sub(b, n, trial), n);
		st_value *half = st__sf_shr(b, res, one);
		res = st__sf_sel(b, fits, st__sf_add(b, half, bit), half);
	}
	*exact = st__sf_cmp(b, ST_CMPI_EQ, n, st__sf_const(b, b->i64, 0));
	return res;
}

st_value *st__sf_sqrtf(st__sf_b *b, st_value *x) {
	st_value *m, *e;
	st__sf_unpack_norm(b, x, &m, &e); /* x = m * 2^(e - 150), m in [2^23, 2^24) */
	/* n = m * 2^s with e - 150 - s even: n in [2^60, 2^62), so its root
	 * has its leading one at bit 30, as st__sf_round_pack wants. */
	st_value *odd = st__sf_bink(b, "arith.andi", e, 1);
	st_value *s = st__sf_sub(b, st__sf_k(b, 38), odd);
	st_value *n = st__sf_shl(b, st__sf_cast(b, "arith.extui", m, b->i64), st__sf_cast(b, "arith.extui", s, b->i64));
	st_value *exact;
	st_value *root = st__sf_cast(b, "arith.trunci", isqrt(b, n, &exact), b->i32);
	st_value *sig = st__sf_or(b, root, st__sf_bit(b, st__sf_bin(b, "arith.xori", exact, st__sf_const(b, b->i1, 1))));
	/* root * 2^((e - 150 - s) / 2) = sig * 2^(exp - 156); e - 150 - s is
	 * even and above -256, halved unsigned after adding 256 (the ops stay
	 * the ones the other lowerings use). */
	st_value *half = st__sf_bink(b, "arith.shrui", st__sf_sub(b, st__sf_bink(b, "arith.addi", e, 256 - 150), s), 1);
	st_value *exp = st__sf_bink(b, "arith.addi", half, 156 - 128);
	st_value *r = st__sf_round_pack(b, st__sf_k(b, 0), exp, sig);
	st_value *mag = st__sf_mag(b, x);
	st_value *zero = st__sf_cmpk(b, ST_CMPI_EQ, mag, 0);
	st_value *neg = st__sf_cmpk(b, ST_CMPI_SLT, x, 0);
	r = st__sf_sel(b, st__sf_cmpk(b, ST_CMPI_EQ, x, st__sf_inf(b)), x, r);
	r = st__sf_sel(b, neg, st__sf_k(b, st__sf_default_nan(b)), r);
	r = st__sf_sel(b, zero, x, r); /* sqrt(-0) = -0 */
	return st__sf_nan_wins(b, x, NULL, r);
}
