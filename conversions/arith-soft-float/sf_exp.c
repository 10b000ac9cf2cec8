/* math.exp and math.log on f32: Strata's definition of them
 * (dialects/math/math_elem.c, strata/math.h), built from the soft-float
 * operations of the other families in the same order, so that the bits are
 * the interpreter's: its st_math_expf/logf compute the same IEEE operations
 * in C.  The integer steps (the exponent of 2^k, the split of x into 2^E f)
 * are integer ops on the bits; the constants are the definition's. */
#include "sf.h"
#include "strata/math.h"

static st_value *fk(st__sf_b *b, uint32_t bits) { return st__sf_k(b, (int64_t)bits); }
static st_value *add(st__sf_b *b, st_value *x, st_value *y) { return st__sf_addf(b, x, y, false); }
static st_value *sub(st__sf_b *b, st_value *x, st_value *y) { return st__sf_addf(b, x, y, true); }
static st_value *mul(st__sf_b *b, st_value *x, st_value *y) { return st__sf_mulf(b, x, y); }

/* 2^n as f32 bits, n a normal exponent (an i32). */
static st_value *pow2(st__sf_b *b, st_value *n) {
	return st__sf_bink(b, "arith.shli", st__sf_bink(b, "arith.addi", n, 127), 23);
}

st_value *st__sf_expf(st__sf_b *b, st_value *x) {
	const uint32_t *c = st_math_exp_consts;
	enum { N = ST_MATH_EXP_NCONSTS };
	/* clamped (a NaN gives some value here, replaced at the end) */
	st_value *v = st__sf_maxmin(b, x, fk(b, c[0]), true, false);
	v = st__sf_maxmin(b, v, fk(b, c[1]), false, false);
	st_value *t = add(b, mul(b, v, fk(b, c[2])), fk(b, c[3]));
	st_value *k = st__sf_bink(b, "arith.subi", t, c[3]);
	st_value *kf = sub(b, t, fk(b, c[3]));
	st_value *r = sub(b, v, mul(b, kf, fk(b, c[4])));
	r = sub(b, r, mul(b, kf, fk(b, c[5])));
	st_value *q = fk(b, c[6]);
	for (int i = 7; i < N - 1; i++)
		q = add(b, mul(b, q, r), fk(b, c[i]));
	st_value *p = add(b, fk(b, c[N - 1]), add(b, r, mul(b, mul(b, r, r), q)));
	st_value *kh = st__sf_bink(b, "arith.shrsi", k, 1);
	st_value *kl = st__sf_sub(b, k, kh);
	p = mul(b, mul(b, p, pow2(b, kh)), pow2(b, kl));
	return st__sf_nan_wins(b, x, NULL, p);
}

st_value *st__sf_logf(st__sf_b *b, st_value *x) {
	const uint32_t *c = st_math_log_consts;
	st_value *m, *e;
	st__sf_unpack_norm(b, x, &m, &e); /* x = m 2^(e - 150), m in [2^23, 2^24) */
	st_value *big = st__sf_bit(b, st__sf_cmpk(b, ST_CMPI_UGT, m, 0xb504f3));
	st_value *E = st__sf_add(b, st__sf_bink(b, "arith.subi", e, 127), big);
	st_value *field = st__sf_sub(b, st__sf_k(b, 127), big);
	st_value *f = st__sf_or(b, st__sf_bink(b, "arith.andi", m, 0x7fffff), st__sf_bink(b, "arith.shli", field, 23));
	st_value *d = sub(b, f, fk(b, c[0]));
	st_value *s = st__sf_divf(b, d, add(b, fk(b, c[1]), d));
	st_value *ef = st__sf_itof(b, E, true);
	st_value *z = mul(b, s, s), *w = mul(b, z, z);
	st_value *t1 = mul(b, w, add(b, fk(b, c[4]), mul(b, w, fk(b, c[6]))));
	st_value *t2 = mul(b, z, add(b, fk(b, c[3]), mul(b, w, fk(b, c[5]))));
	st_value *R = add(b, t2, t1);
	st_value *hfsq = mul(b, mul(b, fk(b, c[2]), d), d);
	st_value *lo = add(b, mul(b, s, add(b, hfsq, R)), mul(b, ef, fk(b, c[8])));
	st_value *r = sub(b, mul(b, ef, fk(b, c[7])), sub(b, sub(b, hfsq, lo), d));
	/* log(+inf) = +inf, of a negative the default NaN, of +-0 -inf */
	r = st__sf_sel(b, st__sf_cmpk(b, ST_CMPI_EQ, x, st__sf_inf(b)), x, r);
	r = st__sf_sel(b, st__sf_cmpk(b, ST_CMPI_SLT, x, 0), st__sf_k(b, st__sf_default_nan(b)), r);
	r = st__sf_sel(b, st__sf_cmpk(b, ST_CMPI_EQ, st__sf_mag(b, x), 0), st__sf_k(b, st__sf_sign(b) | st__sf_inf(b)), r);
	return st__sf_nan_wins(b, x, NULL, r);
}
