/* Halide's scalar semantics, as the direct evaluator computes them: integer
 * arithmetic wraps to the type's width, `/` and `%` are Euclidean (the
 * remainder is never negative) with x / 0 == x % 0 == 0, shifts by a
 * negative amount go the other way and shifts past the width give 0 (or
 * the sign), f32 is IEEE single precision computed in float, bf16 is
 * computed in float and rounded to nearest even after every operation,
 * and exp, log and pow are Halide's own polynomials (below), not libm's.
 * docs/halide.md states the same rules; the lowering emits them as arith
 * (hl_emit_math.c for the polynomials). */
#include "hl_scalar.h"

#include <math.h>
#include <string.h>

int64_t st__hl_wrap(int64_t v, st__hl_type t) {
	if (t.bits >= 64)
		return v;
	uint64_t m = (1ull << t.bits) - 1, u = (uint64_t)v & m;
	return t.code == ST__HL_INT && (u >> (t.bits - 1)) ? (int64_t)(u | ~m) : (int64_t)u;
}

float st__hl_bf16_round(float f) {
	uint32_t b;
	memcpy(&b, &f, 4);
	if ((b & 0x7f800000u) == 0x7f800000u && (b & 0x7fffffu)) {
		b = (b | 0x00400000u) & 0xffff0000u; /* quiet NaN */
	} else {
		uint32_t lsb = (b >> 16) & 1;
		b = (b + 0x7fffu + lsb) & 0xffff0000u;
	}
	memcpy(&f, &b, 4);
	return f;
}

static double fl(st__hl_type t, float v) { return t.code == ST__HL_BFLOAT ? st__hl_bf16_round(v) : v; }

static st__hl_val ival(int64_t i) {
	st__hl_val v = {.i = i};
	return v;
}

static st__hl_val fval(double f) {
	st__hl_val v = {.f = f};
	return v;
}

/* ------------------------------------------- Halide's f32 exp, log, pow */

/* Halide 14 computes exp_f32, log_f32 and pow_f32 with its own range
 * reductions and polynomials (IROperator.cpp halide_exp/halide_log, and
 * pow as exp(log|x| * y) in CodeGen_LLVM), not with libm; matching them
 * step by step in f32 (no fused multiply-add) gives its bits exactly.  The
 * constants are the floats Halide 14 emits. */
const float st__hl_log_coeff[ST__HL_LOG_NCOEFF] = {0x1.a2c5eap-5f,  -0x1.e3144p-4f, 0x1.32a05ep-3f,
                                                   -0x1.595578p-3f, 0x1.99343ep-3f, -0x1.ffd1ecp-3f,
                                                   0x1.55559ap-2f,  -0x1.000024p-1f, 1.0f, 0.0f};
const float st__hl_exp_coeff[ST__HL_EXP_NCOEFF] = {0x1.4f2fe6p-12f, 0x1.385cccp-10f, 0x1.163254p-7f, 0x1.54cd78p-5f,
                                                   0x1.555c3ep-3f,  0x1.ffffbcp-2f,  1.0f,           1.0f};

const float st__hl_ln2_f32 = 0x1.62e43p-1f, st__hl_inv_ln2_f32 = 0x1.715476p+0f;
const float st__hl_ln2_hi_f32 = 0x1.62e4p-1f, st__hl_ln2_lo_f32 = 0x1.7f7d1cp-20f;

/* Halide's evaluation order: even and odd coefficients (highest first) in
 * x*x separately, then even * x + odd (or odd * x + even for an odd count);
 * a zero coefficient is a multiplication only. */
static float poly(float x, const float *c, int n) {
	float x2 = x * x, even = c[0], odd = c[1];
	for (int i = 2; i < n; i++) {
		float *t = i & 1 ? &odd : &even;
		*t = c[i] == 0.0f ? *t * x2 : *t * x2 + c[i];
	}
	return n % 2 == 0 ? even * x + odd : odd * x + even;
}

static float bits_float(uint32_t u) {
	float f;
	memcpy(&f, &u, 4);
	return f;
}

static uint32_t float_bits(float f) {
	uint32_t u;
	memcpy(&u, &f, 4);
	return u;
}

/* x = 2^e * m with m in [0.75, 1.5): the exponent field is replaced so
 * that the mantissa's top bit picks 1 or 0.5 as m's scale. */
static float log_f32(float x) {
	bool neg = x < 0.0f, zero = x == 0.0f;
	uint32_t bits = float_bits(neg || zero ? 1.0f : x);
	int32_t frac = (int32_t)(bits & 0x807fffffu);
	int32_t scale = 127 - (frac >> 22);
	int32_t e = ((int32_t)bits >> 23) - scale;
	float m = bits_float((uint32_t)frac | ((uint32_t)scale << 23));
	float r = poly(m - 1.0f, st__hl_log_coeff, ST__HL_LOG_NCOEFF) + (float)e * st__hl_ln2_f32;
	return neg ? NAN : zero ? -INFINITY : r;
}

/* x = k ln2 + r with k = floor(x / ln2) and ln2 in two parts; 2^k is built
 * in the exponent field.  k is clamped before the conversion (Halide's
 * conversion of a huge or NaN k gives INT_MIN on x86, which the overflow
 * and underflow tests below turn into the same results). */
static float exp_f32(float x) {
	float k = floorf(x * st__hl_inv_ln2_f32);
	float r = x - k * st__hl_ln2_hi_f32;
	r = r - k * st__hl_ln2_lo_f32;
	r = poly(r, st__hl_exp_coeff, ST__HL_EXP_NCOEFF);
	float kc = k > -128.0f ? k : -128.0f;
	int32_t biased = (int32_t)(kc < 128.0f ? kc : 128.0f) + 127;
	r = r * bits_float((uint32_t)biased << 23);
	return biased <= 0 ? 0.0f : biased >= 255 ? INFINITY : r;
}

/* A negative base needs an integer exponent (its parity gives the sign);
 * Halide negates as 0 - v, so the sign of a zero result is lost. */
static float pow_f32(float x, float y) {
	float p = exp_f32(log_f32(fabsf(x)) * y), iy = floorf(y);
	if (x > 0.0f)
		return p;
	if (y == 0.0f)
		return 1.0f;
	if (x == 0.0f)
		return 0.0f;
	if (y != iy)
		return NAN;
	return iy - 2.0f * floorf(iy * 0.5f) == 0.0f ? p : 0.0f - p;
}

st__hl_val st__hl_powi_eval(st__hl_type t, st__hl_val a, int64_t n) {
	if (n <= 0) {
		st__hl_val one = {.i = 1, .f = 1.0};
		return n == 0 ? one : st__hl_binop_eval(ST__HL_DIV, t, one, st__hl_powi_eval(t, a, -n));
	}
	if (n == 1)
		return a;
	st__hl_val h = st__hl_powi_eval(t, a, n / 2), sq = st__hl_binop_eval(ST__HL_MUL, t, h, h);
	return n % 2 ? st__hl_binop_eval(ST__HL_MUL, t, sq, a) : sq;
}

/* ---------------------------------------------------------------- ints */

static int64_t floordiv_euclid(int64_t a, int64_t b) {
	int64_t q = a / b, r = a % b;
	if (r < 0)
		q = b > 0 ? q - 1 : q + 1;
	return q;
}

static int64_t mod_euclid(int64_t a, int64_t b) {
	int64_t r = a % b;
	return r < 0 ? r + (b < 0 ? -b : b) : r;
}

static int64_t shift(int64_t a, int64_t b, bool left, st__hl_type t) {
	if (b < 0) {
		b = -b;
		left = !left;
	}
	if (left)
		return b >= t.bits ? 0 : st__hl_wrap((int64_t)((uint64_t)a << b), t);
	if (b >= t.bits)
		return t.code == ST__HL_INT && a < 0 ? -1 : 0;
	return a >> b; /* a is sign- or zero-extended already */
}

/* A comparison, or -1 when op is none; integers of up to 32 bits are
 * exact as doubles. */
static int compare(int op, double x, double y) {
	switch (op) {
	case ST__HL_LT: return x < y;
	case ST__HL_LE: return x <= y;
	case ST__HL_GT: return x > y;
	case ST__HL_GE: return x >= y;
	case ST__HL_EQ: return x == y;
	case ST__HL_NE: return x != y;
	default: return -1;
	}
}

st__hl_val st__hl_binop_eval(int op, st__hl_type t, st__hl_val a, st__hl_val b) {
	int c = st__hl_is_float(t) ? compare(op, (float)a.f, (float)b.f) : compare(op, (double)a.i, (double)b.i);
	if (c >= 0)
		return ival(c);
	if (st__hl_is_float(t)) {
		float x = (float)a.f, y = (float)b.f;
		switch (op) {
		case ST__HL_ADD: return fval(fl(t, x + y));
		case ST__HL_SUB: return fval(fl(t, x - y));
		case ST__HL_MUL: return fval(fl(t, x * y));
		case ST__HL_DIV: return fval(fl(t, x / y));
		case ST__HL_MOD: return fval(fl(t, x - y * floorf(x / y)));
		default: return ival(0);
		}
	}
	int64_t x = a.i, y = b.i;
	switch (op) {
	case ST__HL_ADD: return ival(st__hl_wrap((int64_t)((uint64_t)x + (uint64_t)y), t));
	case ST__HL_SUB: return ival(st__hl_wrap((int64_t)((uint64_t)x - (uint64_t)y), t));
	case ST__HL_MUL: return ival(st__hl_wrap((int64_t)((uint64_t)x * (uint64_t)y), t));
	case ST__HL_DIV: return ival(y == 0 ? 0 : st__hl_wrap(floordiv_euclid(x, y), t));
	case ST__HL_MOD: return ival(y == 0 ? 0 : st__hl_wrap(mod_euclid(x, y), t));
	case ST__HL_SHL: return ival(shift(x, y, true, t));
	case ST__HL_SHR: return ival(shift(x, y, false, t));
	case ST__HL_AND: return ival(st__hl_wrap(x & y, t));
	case ST__HL_OR: return ival(st__hl_wrap(x | y, t));
	case ST__HL_XOR: return ival(st__hl_wrap(x ^ y, t));
	case ST__HL_LAND: return ival(x && y);
	case ST__HL_LOR: return ival(x || y);
	default: return ival(0);
	}
}

bool st__hl_cast_eval(st__hl_type from, st__hl_type to, st__hl_val v, st__hl_val *out) {
	if (st__hl_is_float(to)) {
		float f = st__hl_is_float(from) ? (float)v.f : (float)v.i;
		*out = fval(fl(to, f));
		return true;
	}
	if (st__hl_is_float(from)) {
		double f = trunc(v.f);
		/* Halide leaves an out-of-range conversion undefined. */
		double lo = to.code == ST__HL_INT ? -ldexp(1, to.bits - 1) : 0, hi = ldexp(1, to.bits - (to.code == ST__HL_INT));
		if (st__hl_is_bool(to)) {
			*out = ival(v.f != 0);
			return true;
		}
		if (!(f >= lo && f < hi))
			return false;
		*out = ival((int64_t)f);
		return true;
	}
	*out = ival(st__hl_is_bool(to) ? v.i != 0 : st__hl_wrap(v.i, to));
	return true;
}

st__hl_val st__hl_intrin_eval(int op, st__hl_type t, st__hl_type at, const st__hl_val *a) {
	bool f = st__hl_is_float(at);
	switch (op) {
	case ST__HL_SELECT: return a[0].i ? a[1] : a[2];
	case ST__HL_MIN:
		return f ? fval((float)a[0].f < (float)a[1].f ? a[0].f : a[1].f) : ival(a[0].i < a[1].i ? a[0].i : a[1].i);
	case ST__HL_MAX:
		return f ? fval((float)a[0].f > (float)a[1].f ? a[0].f : a[1].f) : ival(a[0].i > a[1].i ? a[0].i : a[1].i);
	case ST__HL_CLAMP: {
		/* Halide: max(min(a, hi), lo). */
		st__hl_val m[2] = {a[0], a[2]};
		st__hl_val lo[2] = {st__hl_intrin_eval(ST__HL_MIN, t, at, m), a[1]};
		return st__hl_intrin_eval(ST__HL_MAX, t, at, lo);
	}
	case ST__HL_ABS:
		return f ? fval(fabs(a[0].f)) : ival(st__hl_wrap(a[0].i < 0 ? -a[0].i : a[0].i, t));
	case ST__HL_ABSD:
		if (f)
			return fval(fl(t, fabsf((float)a[0].f - (float)a[1].f)));
		return ival(st__hl_wrap(a[0].i > a[1].i ? a[0].i - a[1].i : a[1].i - a[0].i, t));
	case ST__HL_SQRT: return fval(fl(t, sqrtf((float)a[0].f)));
	case ST__HL_EXP: return fval(fl(t, exp_f32((float)a[0].f)));
	case ST__HL_LOG: return fval(fl(t, log_f32((float)a[0].f)));
	case ST__HL_POW: return fval(fl(t, pow_f32((float)a[0].f, (float)a[1].f)));
	case ST__HL_FLOOR: return fval(fl(t, floorf((float)a[0].f)));
	case ST__HL_CEIL: return fval(fl(t, ceilf((float)a[0].f)));
	case ST__HL_ROUND: return fval(fl(t, nearbyintf((float)a[0].f)));
	case ST__HL_NEG:
		return f ? fval(fl(t, 0.0f - (float)a[0].f)) : ival(st__hl_wrap((int64_t)(0 - (uint64_t)a[0].i), t));
	case ST__HL_NOT: return ival(!a[0].i);
	case ST__HL_BITNOT: return ival(st__hl_wrap(~a[0].i, t));
	default: return ival(0);
	}
}
