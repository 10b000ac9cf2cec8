/* Integer arithmetic of any width on little-endian 64-bit words, for the
 * interpreter: what APInt does for MLIR.  The folders' evaluator
 * (arith_eval.c) covers 64 bits and less; this covers everything, so it
 * also serves the cases the folders decline although their result is
 * defined, and the overflow checks behind nsw/nuw/exact.
 *
 * A w-bit value takes st__aw_n(w) words with the bits above w zero; every
 * function leaves its result in that form. */
#include "arith_internal.h"

#include <math.h>
#include <string.h>

size_t st__aw_n(unsigned w) { return (w + 63) / 64; }

static uint64_t top_mask(unsigned w) { return w % 64 ? (1ull << (w % 64)) - 1 : ~0ull; }

void st__aw_norm(uint64_t *r, unsigned w) { r[st__aw_n(w) - 1] &= top_mask(w); }

bool st__aw_sign(const uint64_t *a, unsigned w) { return (a[(w - 1) / 64] >> ((w - 1) % 64)) & 1; }

bool st__aw_is_zero(const uint64_t *a, unsigned w) {
	for (size_t i = 0; i < st__aw_n(w); i++)
		if (a[i])
			return false;
	return true;
}

bool st__aw_eq(const uint64_t *a, const uint64_t *b, unsigned w) {
	return memcmp(a, b, st__aw_n(w) * sizeof *a) == 0;
}

int st__aw_ucmp(const uint64_t *a, const uint64_t *b, unsigned w) {
	for (size_t i = st__aw_n(w); i-- > 0;)
		if (a[i] != b[i])
			return a[i] < b[i] ? -1 : 1;
	return 0;
}

int st__aw_scmp(const uint64_t *a, const uint64_t *b, unsigned w) {
	bool sa = st__aw_sign(a, w), sb = st__aw_sign(b, w);
	if (sa != sb)
		return sa ? -1 : 1;
	return st__aw_ucmp(a, b, w);
}

bool st__aw_is_smin(const uint64_t *a, unsigned w) {
	size_t n = st__aw_n(w);
	for (size_t i = 0; i < n; i++) {
		uint64_t want = i == (w - 1) / 64 ? 1ull << ((w - 1) % 64) : 0;
		if (a[i] != want)
			return false;
	}
	return true;
}

bool st__aw_is_all_ones(const uint64_t *a, unsigned w) {
	size_t n = st__aw_n(w);
	for (size_t i = 0; i < n; i++)
		if (a[i] != (i == n - 1 ? top_mask(w) : ~0ull))
			return false;
	return true;
}

void st__aw_add(uint64_t *r, const uint64_t *a, const uint64_t *b, unsigned w) {
	uint64_t carry = 0;
	for (size_t i = 0; i < st__aw_n(w); i++) {
		uint64_t s = a[i] + carry;
		uint64_t c1 = s < carry;
		r[i] = s + b[i];
		carry = c1 | (r[i] < s);
	}
	st__aw_norm(r, w);
}

void st__aw_sub(uint64_t *r, const uint64_t *a, const uint64_t *b, unsigned w) {
	uint64_t borrow = 0;
	for (size_t i = 0; i < st__aw_n(w); i++) {
		uint64_t d = a[i] - b[i];
		uint64_t b1 = a[i] < b[i];
		r[i] = d - borrow;
		borrow = b1 | (d < borrow);
	}
	st__aw_norm(r, w);
}

void st__aw_neg(uint64_t *r, const uint64_t *a, unsigned w) {
	uint64_t carry = 1;
	for (size_t i = 0; i < st__aw_n(w); i++) {
		r[i] = ~a[i] + carry;
		carry = carry && r[i] == 0;
	}
	st__aw_norm(r, w);
}

void st__aw_logic(uint64_t *r, const uint64_t *a, const uint64_t *b, unsigned w, char op) {
	for (size_t i = 0; i < st__aw_n(w); i++)
		r[i] = op == '&' ? a[i] & b[i] : op == '|' ? a[i] | b[i] : a[i] ^ b[i];
}

/* The full product of two n-word numbers into 2n words. */
static void mul_full(uint64_t *r, const uint64_t *a, const uint64_t *b, size_t n) {
	memset(r, 0, 2 * n * sizeof *r);
	for (size_t i = 0; i < n; i++) {
		unsigned __int128 carry = 0;
		for (size_t j = 0; j < n; j++) {
			unsigned __int128 cur = (unsigned __int128)a[i] * b[j] + r[i + j] + carry;
			r[i + j] = (uint64_t)cur;
			carry = cur >> 64;
		}
		r[i + n] = (uint64_t)carry;
	}
}

/* r (n words) = bits [w, 2w) of the 2n-word product p. */
static void high_half(uint64_t *r, const uint64_t *p, unsigned w) {
	size_t n = st__aw_n(w);
	for (size_t i = 0; i < n; i++) {
		size_t bit = (size_t)w + i * 64, k = bit / 64;
		unsigned sh = bit % 64;
		uint64_t lo = p[k] >> sh, hi = sh && k + 1 < 2 * n ? p[k + 1] << (64 - sh) : 0;
		r[i] = lo | hi;
	}
	st__aw_norm(r, w);
}

/* `tmp` holds 2 * st__aw_n(w) words. */
void st__aw_mul(uint64_t *r, const uint64_t *a, const uint64_t *b, unsigned w, uint64_t *tmp) {
	size_t n = st__aw_n(w);
	mul_full(tmp, a, b, n);
	memcpy(r, tmp, n * sizeof *r);
	st__aw_norm(r, w);
}

void st__aw_mulhu(uint64_t *r, const uint64_t *a, const uint64_t *b, unsigned w, uint64_t *tmp) {
	mul_full(tmp, a, b, st__aw_n(w));
	high_half(r, tmp, w);
}

/* The signed high half from the unsigned one: h_s = h_u - [a<0] b - [b<0] a. */
void st__aw_mulhs(uint64_t *r, const uint64_t *a, const uint64_t *b, unsigned w, uint64_t *tmp) {
	st__aw_mulhu(r, a, b, w, tmp);
	if (st__aw_sign(a, w))
		st__aw_sub(r, r, b, w);
	if (st__aw_sign(b, w))
		st__aw_sub(r, r, a, w);
}

void st__aw_shl(uint64_t *r, const uint64_t *a, unsigned sh, unsigned w) {
	size_t n = st__aw_n(w), ws = sh / 64;
	unsigned bs = sh % 64;
	for (size_t i = n; i-- > 0;) {
		uint64_t lo = i >= ws ? a[i - ws] << bs : 0;
		uint64_t hi = bs && i >= ws + 1 ? a[i - ws - 1] >> (64 - bs) : 0;
		r[i] = lo | hi;
	}
	st__aw_norm(r, w);
}

/* Right shift filling with `fill` bits (all zeros or all ones). */
static void shr(uint64_t *r, const uint64_t *a, unsigned sh, unsigned w, bool ones) {
	size_t n = st__aw_n(w), ws = sh / 64;
	unsigned bs = sh % 64;
	uint64_t fill = ones ? ~0ull : 0;
	uint64_t top = ones ? a[n - 1] | ~top_mask(w) : a[n - 1];
	for (size_t i = 0; i < n; i++) {
		size_t k = i + ws;
		uint64_t cur = k < n ? (k == n - 1 ? top : a[k]) : fill;
		uint64_t nxt = k + 1 < n ? (k + 1 == n - 1 ? top : a[k + 1]) : fill;
		r[i] = bs ? (cur >> bs) | (nxt << (64 - bs)) : cur;
	}
	st__aw_norm(r, w);
}

void st__aw_lshr(uint64_t *r, const uint64_t *a, unsigned sh, unsigned w) { shr(r, a, sh, w, false); }
void st__aw_ashr(uint64_t *r, const uint64_t *a, unsigned sh, unsigned w) { shr(r, a, sh, w, st__aw_sign(a, w)); }

/* Restoring division one bit at a time; b != 0.  q or rem may be NULL.
 * `tmp` holds 2 * st__aw_n(w) words. */
void st__aw_udivrem(uint64_t *q, uint64_t *rem, const uint64_t *a, const uint64_t *b, unsigned w, uint64_t *tmp) {
	size_t n = st__aw_n(w);
	uint64_t *r = tmp, *qq = tmp + n;
	memset(r, 0, n * sizeof *r);
	memset(qq, 0, n * sizeof *qq);
	/* r may need w + 1 bits before the subtraction: compare with the bit
	 * that left r kept aside. */
	for (unsigned i = w; i-- > 0;) {
		bool out = st__aw_sign(r, w);
		st__aw_shl(r, r, 1, w);
		r[0] |= (a[i / 64] >> (i % 64)) & 1;
		if (out || st__aw_ucmp(r, b, w) >= 0) {
			st__aw_sub(r, r, b, w);
			qq[i / 64] |= 1ull << (i % 64);
		}
	}
	if (q)
		memcpy(q, qq, n * sizeof *q);
	if (rem)
		memcpy(rem, r, n * sizeof *rem);
}

/* Width changes: zero or sign extension, or truncation, from aw to rw bits. */
void st__aw_resize(uint64_t *r, unsigned rw, const uint64_t *a, unsigned aw, bool sign) {
	size_t rn = st__aw_n(rw), an = st__aw_n(aw);
	bool neg = sign && st__aw_sign(a, aw);
	for (size_t i = 0; i < rn; i++) {
		uint64_t v = i < an ? a[i] : (neg ? ~0ull : 0);
		if (i == an - 1 && neg)
			v |= ~top_mask(aw);
		r[i] = v;
	}
	st__aw_norm(r, rw);
}

/* ---------------------------------------------------------------- floats */

/* The nearest float of a format (ties to even) to an integer, infinity when
 * it overflows: APFloat::convertFromAPInt. */
uint64_t st__aw_to_float(const uint64_t *a, unsigned w, bool is_signed, int ebits, int mbits, uint64_t *tmp) {
	size_t n = st__aw_n(w);
	bool neg = is_signed && st__aw_sign(a, w);
	uint64_t *mag = tmp;
	if (neg)
		st__aw_neg(mag, a, w);
	else
		memcpy(mag, a, n * sizeof *mag);
	/* The magnitude of -2^(w-1) is 2^(w-1), which st__aw_neg leaves as is. */
	int top = -1;
	for (size_t i = n; i-- > 0 && top < 0;)
		if (mag[i])
			top = (int)(i * 64) + 63 - __builtin_clzll(mag[i]);
	uint64_t sign = neg ? 1ull << (ebits + mbits) : 0;
	if (top < 0)
		return sign;
	uint64_t emax = (1ull << ebits) - 1;
	uint64_t bias = emax >> 1;
	if ((uint64_t)top >= emax - bias) /* 2^top >= 2^(emax-bias): at or past infinity */
		return sign | (emax << mbits);
	/* Take mbits + 1 bits below the top one, round on the rest. */
	uint64_t sig = 0;
	bool half = false, sticky = false;
	for (int k = 0; k <= mbits + 1; k++) {
		int bit = top - k;
		uint64_t v = bit >= 0 ? (mag[bit / 64] >> (bit % 64)) & 1 : 0;
		if (k <= mbits)
			sig = (sig << 1) | v;
		else
			half = v;
	}
	for (int bit = top - mbits - 2; bit >= 0 && !sticky; bit--)
		sticky = (mag[bit / 64] >> (bit % 64)) & 1;
	int e = top;
	if (half && (sticky || (sig & 1))) {
		sig++;
		if (sig >> (mbits + 1)) {
			sig >>= 1;
			e++;
		}
	}
	uint64_t biased = (uint64_t)e + bias;
	if (biased >= emax)
		return sign | (emax << mbits);
	return sign | (biased << mbits) | (sig & ((1ull << mbits) - 1));
}

/* trunc(d) as a w-bit integer; false when NaN, infinite or out of range. */
bool st__aw_from_double(uint64_t *r, unsigned w, double d, bool is_signed) {
	size_t n = st__aw_n(w);
	memset(r, 0, n * sizeof *r);
	if (isnan(d) || isinf(d))
		return false;
	double t = trunc(d);
	if (t == 0)
		return true;
	bool neg = t < 0;
	if (neg && !is_signed)
		return false;
	int e;
	double f = frexp(fabs(t), &e); /* |t| = f * 2^e, f in [0.5, 1) */
	uint64_t m = (uint64_t)ldexp(f, 53);
	int sh = e - 53; /* |t| = m * 2^sh */
	/* In range: |t| < 2^w unsigned, < 2^(w-1) signed (or == for -2^(w-1)). */
	int lim = is_signed ? (int)w - 1 : (int)w;
	if (e > lim) {
		if (!(neg && e == lim + 1 && f == 0.5))
			return false;
	}
	if (sh >= 0) {
		r[sh / 64] = m << (sh % 64);
		if (sh % 64 && (size_t)sh / 64 + 1 < n)
			r[sh / 64 + 1] = m >> (64 - sh % 64);
	} else {
		r[0] = m >> -sh;
	}
	st__aw_norm(r, w);
	if (neg)
		st__aw_neg(r, r, w);
	return true;
}

/* Truncating signed division of any width through the magnitudes. */
void st__aw_sdivrem(uint64_t *q, uint64_t *r, const uint64_t *a, const uint64_t *b, unsigned w, uint64_t *t) {
	size_t n = st__aw_n(w);
	uint64_t *ma = t, *mb = t + n, *tmp = t + 2 * n;
	bool na = st__aw_sign(a, w), nb = st__aw_sign(b, w);
	if (na)
		st__aw_neg(ma, a, w);
	else
		memcpy(ma, a, n * sizeof *ma);
	if (nb)
		st__aw_neg(mb, b, w);
	else
		memcpy(mb, b, n * sizeof *mb);
	st__aw_udivrem(q, r, ma, mb, w, tmp);
	if (na != nb)
		st__aw_neg(q, q, w);
	if (na)
		st__aw_neg(r, r, w);
}

/* r = a op b for any width; `t` holds 6 * n words of scratch. */
void st__aw_binary(st__arith_eval_op e, uint64_t *r, const uint64_t *a, const uint64_t *b, unsigned w, uint64_t *t) {
	size_t n = st__aw_n(w);
	uint64_t *q = t, *rem = t + n, *s = t + 2 * n;
	switch (e) {
	case ST__EV_ADD:
		st__aw_add(r, a, b, w);
		return;
	case ST__EV_SUB:
		st__aw_sub(r, a, b, w);
		return;
	case ST__EV_MUL:
		st__aw_mul(r, a, b, w, s);
		return;
	case ST__EV_DIVUI:
	case ST__EV_REMUI:
	case ST__EV_CEILDIVUI:
		st__aw_udivrem(q, rem, a, b, w, s);
		memcpy(r, e == ST__EV_REMUI ? rem : q, n * sizeof *r);
		if (e == ST__EV_CEILDIVUI && !st__aw_is_zero(rem, w)) {
			memset(s, 0, n * sizeof *s);
			s[0] = 1;
			st__aw_add(r, r, s, w);
		}
		return;
	case ST__EV_DIVSI:
	case ST__EV_REMSI:
	case ST__EV_CEILDIVSI:
	case ST__EV_FLOORDIVSI: {
		st__aw_sdivrem(q, rem, a, b, w, s);
		memcpy(r, e == ST__EV_REMSI ? rem : q, n * sizeof *r);
		bool same = st__aw_sign(a, w) == st__aw_sign(b, w), exact = st__aw_is_zero(rem, w);
		memset(s, 0, n * sizeof *s);
		s[0] = 1;
		if (e == ST__EV_CEILDIVSI && !exact && same)
			st__aw_add(r, r, s, w);
		if (e == ST__EV_FLOORDIVSI && !exact && !same)
			st__aw_sub(r, r, s, w);
		return;
	}
	case ST__EV_AND:
		st__aw_logic(r, a, b, w, '&');
		return;
	case ST__EV_OR:
		st__aw_logic(r, a, b, w, '|');
		return;
	case ST__EV_XOR:
		st__aw_logic(r, a, b, w, '^');
		return;
	case ST__EV_SHL:
		st__aw_shl(r, a, (unsigned)b[0], w);
		return;
	case ST__EV_SHRUI:
		st__aw_lshr(r, a, (unsigned)b[0], w);
		return;
	case ST__EV_SHRSI:
		st__aw_ashr(r, a, (unsigned)b[0], w);
		return;
	case ST__EV_MAXSI:
	case ST__EV_MINSI:
	case ST__EV_MAXUI:
	case ST__EV_MINUI: {
		bool sgn = e == ST__EV_MAXSI || e == ST__EV_MINSI, max = e == ST__EV_MAXSI || e == ST__EV_MAXUI;
		int c = sgn ? st__aw_scmp(a, b, w) : st__aw_ucmp(a, b, w);
		memcpy(r, (c >= 0) == max ? a : b, n * sizeof *r);
		return;
	}
	default:
		return;
	}
}

bool st__aw_cmpi(int pred, const uint64_t *a, const uint64_t *b, unsigned w) {
	int c = pred >= ST__CMPI_ULT ? st__aw_ucmp(a, b, w) : st__aw_scmp(a, b, w);
	switch (pred) {
	case ST__CMPI_EQ:
		return c == 0;
	case ST__CMPI_NE:
		return c != 0;
	case ST__CMPI_SLT:
	case ST__CMPI_ULT:
		return c < 0;
	case ST__CMPI_SLE:
	case ST__CMPI_ULE:
		return c <= 0;
	case ST__CMPI_SGT:
	case ST__CMPI_UGT:
		return c > 0;
	default:
		return c >= 0;
	}
}
