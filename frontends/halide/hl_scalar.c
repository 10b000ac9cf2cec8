/* Halide's scalar semantics, as the direct evaluator computes them: integer
 * arithmetic wraps to the type's width, `/` and `%` are Euclidean (the
 * remainder is never negative) with x / 0 == x % 0 == 0, shifts by a
 * negative amount go the other way and shifts past the width give 0 (or
 * the sign), f32 is IEEE single precision computed in float, bf16 is
 * computed in float and rounded to nearest even after every operation.
 * docs/halide.md states the same rules; the lowering emits them as arith. */
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
	case ST__HL_EXP: return fval(fl(t, expf((float)a[0].f)));
	case ST__HL_LOG: return fval(fl(t, logf((float)a[0].f)));
	case ST__HL_POW: return fval(fl(t, powf((float)a[0].f, (float)a[1].f)));
	case ST__HL_FLOOR: return fval(fl(t, floorf((float)a[0].f)));
	case ST__HL_CEIL: return fval(fl(t, ceilf((float)a[0].f)));
	case ST__HL_ROUND: return fval(fl(t, nearbyintf((float)a[0].f)));
	case ST__HL_NEG: return f ? fval(-a[0].f) : ival(st__hl_wrap((int64_t)(0 - (uint64_t)a[0].i), t));
	case ST__HL_NOT: return ival(!a[0].i);
	case ST__HL_BITNOT: return ival(st__hl_wrap(~a[0].i, t));
	default: return ival(0);
	}
}
