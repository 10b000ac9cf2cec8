/* Strata's f32 exp and log: one definition as a fixed sequence of IEEE-754
 * binary32 operations (each rounded to nearest even, no fused
 * multiply-add), so that the interpreter, every simulator and the
 * soft-float lowering (conversions/arith-soft-float/sf_exp.c, which builds
 * the same operations in the same order on the bits) give the same bits on
 * every machine.  The C library's expf and logf differ between libraries
 * and versions, and no hardware could match them bit for bit; these stay
 * within 1 ulp of the exact values (docs/elementary-functions.md).
 *
 * exp: x clamped to [-104, 89] (beyond, the result is 0 or infinity
 * anyway), k = x / ln 2 rounded to an integer by adding and subtracting
 * 1.5 * 2^23, r = x - k ln2_hi - k ln2_lo, e^r = 1 + (r + r^2 q(r)) with
 * q the degree-5 Taylor polynomial of (e^r - 1 - r) / r^2 in Horner form, and 2^k applied as two exact powers of two,
 * so that a subnormal result is rounded once.
 * log: x = 2^E f with f in (sqrt(2)/2, sqrt(2)] (subnormals normalised on
 * the integer bits), u = f - 1 (exact), s = u / (2 + u), and
 * log(1 + u) = u - (u^2/2 - s (u^2/2 + R(s^2))) with the classic
 * four-term R of 4.4BSD/fdlibm's logf, E ln 2 added in two parts. */
#include "strata/math.h"

#include <stdint.h>
#include <string.h>

static float from_bits(uint32_t u) {
	float f;
	memcpy(&f, &u, 4);
	return f;
}

static uint32_t to_bits(float f) {
	uint32_t u;
	memcpy(&u, &f, 4);
	return u;
}

#define QUIET 0x00400000u
#define DEFAULT_NAN 0x7fc00000u

/* The constants, as bit patterns (the soft-float lowering uses the same). */
const uint32_t st_math_exp_consts[ST_MATH_EXP_NCONSTS] = {
	0xc2d00000u, /* -104: below it e^x < 2^-150 rounds to 0 */
	0x42b20000u, /* 89: above it e^x overflows */
	0x3fb8aa3bu, /* 1 / ln 2 */
	0x4b400000u, /* 1.5 * 2^23: adding it rounds to an integer */
	0x3f317200u, /* ln2_hi (16 bits: k ln2_hi is exact) */
	0x35bfbe8eu, /* ln2_lo = ln 2 - ln2_hi */
	/* 1/7!, 1/6!, ..., 1/2! (Horner, highest first), 1 */
	0x39500d01u, 0x3ab60b61u, 0x3c088889u, 0x3d2aaaabu, 0x3e2aaaabu, 0x3f000000u, 0x3f800000u,
};

const uint32_t st_math_log_consts[ST_MATH_LOG_NCONSTS] = {
	0x3f800000u, /* 1 */
	0x40000000u, /* 2 */
	0x3f000000u, /* 1/2 */
	0x3f2aaaaau, /* Lg1 */
	0x3eccce13u, /* Lg2 */
	0x3e91e9eeu, /* Lg3 */
	0x3e789e26u, /* Lg4 */
	0x3f317180u, /* ln2_hi (16 bits: E ln2_hi is exact) */
	0x3717f7d2u, /* ln2_lo = ln 2 - ln2_hi */
};

float st_math_expf(float x) {
	const uint32_t *c = st_math_exp_consts;
	if (x != x)
		return from_bits(to_bits(x) | QUIET);
	float lo = from_bits(c[0]), hi = from_bits(c[1]);
	float v = x < lo ? lo : x > hi ? hi : x;
	float t = v * from_bits(c[2]);
	t = t + from_bits(c[3]);
	int32_t k = (int32_t)(to_bits(t) - c[3]);
	float kf = t - from_bits(c[3]);
	float r = v - kf * from_bits(c[4]);
	r = r - kf * from_bits(c[5]);
	/* e^r = 1 + (r + r^2 q(r)): the small terms first, 1 last */
	float q = from_bits(c[6]);
	for (int i = 7; i < ST_MATH_EXP_NCONSTS - 1; i++)
		q = q * r + from_bits(c[i]);
	float p = r * r;
	p = p * q;
	p = r + p;
	p = from_bits(c[ST_MATH_EXP_NCONSTS - 1]) + p;
	/* k in [-150, 129]: two halves, each a normal power of two */
	int32_t kh = k >> 1, kl = k - kh;
	p = p * from_bits((uint32_t)(kh + 127) << 23);
	return p * from_bits((uint32_t)(kl + 127) << 23);
}

float st_math_logf(float x) {
	const uint32_t *c = st_math_log_consts;
	uint32_t u = to_bits(x);
	if (x != x)
		return from_bits(u | QUIET);
	if ((u & 0x7fffffffu) == 0)
		return from_bits(0xff800000u); /* -inf */
	if (u >> 31)
		return from_bits(DEFAULT_NAN);
	if (u == 0x7f800000u)
		return x;
	/* x = m 2^(e - 150), m in [2^23, 2^24) */
	uint32_t m = u & 0x7fffffu;
	int32_t e = (int32_t)(u >> 23);
	if (e == 0) {
		int n = 0;
		while (!(m & 0x800000u))
			m <<= 1, n++;
		e = 1 - n;
	} else {
		m |= 0x800000u;
	}
	/* f = m 2^-23 in [1, 2), halved above sqrt(2) */
	int32_t big = m > 0xb504f3u, E = e - 127 + big;
	float f = from_bits((m & 0x7fffffu) | (uint32_t)(127 - big) << 23);
	float one = from_bits(c[0]);
	float d = f - one;
	float s = d / (from_bits(c[1]) + d);
	float ef = (float)E;
	float z = s * s, w = z * z;
	float t1 = w * (from_bits(c[4]) + w * from_bits(c[6]));
	float t2 = z * (from_bits(c[3]) + w * from_bits(c[5]));
	float R = t2 + t1;
	float hfsq = from_bits(c[2]) * d * d;
	float lo = s * (hfsq + R) + ef * from_bits(c[8]);
	return ef * from_bits(c[7]) - ((hfsq - lo) - d);
}
