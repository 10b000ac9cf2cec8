/* Arithmetic on bit vectors of any width (strata/hw.h): the semantics of
 * comb's ops, shared by its folders, the hardware simulator and anything
 * else that computes on hardware values. */
#include "strata/comb.h"

#include <string.h>

size_t st_bv_words(unsigned width) { return width ? ((size_t)width + 63) / 64 : 1; }

void st_bv_mask(uint64_t *r, unsigned width) {
	size_t n = st_bv_words(width);
	unsigned top = width % 64;
	if (width == 0)
		r[0] = 0;
	else if (top)
		r[n - 1] &= (1ull << top) - 1;
}

bool st_bv_is_zero(const uint64_t *a, unsigned width) {
	for (size_t i = 0; i < st_bv_words(width); i++)
		if (a[i])
			return false;
	return true;
}

bool st_bv_get_bit(const uint64_t *a, uint64_t bit) { return (a[bit / 64] >> (bit % 64)) & 1; }

void st_bv_set_bit(uint64_t *a, uint64_t bit, bool v) {
	if (v)
		a[bit / 64] |= 1ull << (bit % 64);
	else
		a[bit / 64] &= ~(1ull << (bit % 64));
}

void st_bv_add(uint64_t *r, const uint64_t *a, const uint64_t *b, unsigned width) {
	uint64_t carry = 0;
	for (size_t i = 0; i < st_bv_words(width); i++) {
		uint64_t x = a[i], s = x + b[i];
		uint64_t c1 = s < x;
		s += carry;
		carry = c1 | (s < carry);
		r[i] = s;
	}
	st_bv_mask(r, width);
}

void st_bv_sub(uint64_t *r, const uint64_t *a, const uint64_t *b, unsigned width) {
	uint64_t borrow = 0;
	for (size_t i = 0; i < st_bv_words(width); i++) {
		uint64_t x = a[i], y = b[i];
		uint64_t d = x - y - borrow;
		borrow = (x < y) | ((x == y) & borrow);
		r[i] = d;
	}
	st_bv_mask(r, width);
}

void st_bv_mul(uint64_t *r, const uint64_t *a, const uint64_t *b, unsigned width, uint64_t *scratch) {
	size_t n = st_bv_words(width);
	uint64_t *acc = scratch;
	memset(acc, 0, n * sizeof *acc);
	for (size_t i = 0; i < n; i++) {
		unsigned __int128 carry = 0;
		for (size_t j = 0; i + j < n; j++) {
			unsigned __int128 t = (unsigned __int128)a[i] * b[j] + acc[i + j] + carry;
			acc[i + j] = (uint64_t)t;
			carry = t >> 64;
		}
	}
	memcpy(r, acc, n * sizeof *r);
	st_bv_mask(r, width);
}

static void negate(uint64_t *r, const uint64_t *a, unsigned width) {
	size_t n = st_bv_words(width);
	uint64_t carry = 1;
	for (size_t i = 0; i < n; i++) {
		uint64_t x = ~a[i] + carry;
		carry = carry && x == 0;
		r[i] = x;
	}
	st_bv_mask(r, width);
}

static int ucmp(const uint64_t *a, const uint64_t *b, size_t n) {
	for (size_t i = n; i-- > 0;)
		if (a[i] != b[i])
			return a[i] < b[i] ? -1 : 1;
	return 0;
}

/* Restoring division, one bit at a time: widths are small in hardware. */
static void udivrem(uint64_t *q, uint64_t *rem, const uint64_t *a, const uint64_t *b, unsigned width) {
	size_t n = st_bv_words(width);
	memset(q, 0, n * sizeof *q);
	memset(rem, 0, n * sizeof *rem);
	for (unsigned i = width; i-- > 0;) {
		/* rem = rem << 1 | a[i]; the bit shifted out matters when width
		 * fills the last word, so compare with it included. */
		uint64_t out = rem[n - 1] >> 63;
		for (size_t k = n; k-- > 1;)
			rem[k] = rem[k] << 1 | rem[k - 1] >> 63;
		rem[0] = rem[0] << 1 | (uint64_t)st_bv_get_bit(a, i);
		if (out || ucmp(rem, b, n) >= 0) {
			uint64_t borrow = 0;
			for (size_t k = 0; k < n; k++) {
				uint64_t x = rem[k], y = b[k];
				rem[k] = x - y - borrow;
				borrow = (x < y) | ((x == y) & borrow);
			}
			st_bv_set_bit(q, i, true);
		}
	}
}

void st_bv_div(uint64_t *r, const uint64_t *a, const uint64_t *b, unsigned width, bool is_signed, bool rem,
               uint64_t *scratch) {
	size_t n = st_bv_words(width);
	if (width == 0 || st_bv_is_zero(b, width)) {
		memset(r, 0, n * sizeof *r);
		return;
	}
	uint64_t *q = scratch, *m = scratch + n, *ua = scratch + 2 * n, *ub = scratch + 3 * n;
	bool na = is_signed && st_bv_get_bit(a, width - 1), nb = is_signed && st_bv_get_bit(b, width - 1);
	if (na)
		negate(ua, a, width);
	else
		memcpy(ua, a, n * sizeof *ua);
	if (nb)
		negate(ub, b, width);
	else
		memcpy(ub, b, n * sizeof *ub);
	udivrem(q, m, ua, ub, width);
	if (rem) {
		if (na)
			negate(m, m, width);
		memcpy(r, m, n * sizeof *r);
	} else {
		if (na != nb)
			negate(q, q, width);
		memcpy(r, q, n * sizeof *r);
	}
	st_bv_mask(r, width);
}

void st_bv_and(uint64_t *r, const uint64_t *a, const uint64_t *b, unsigned width) {
	for (size_t i = 0; i < st_bv_words(width); i++)
		r[i] = a[i] & b[i];
}
void st_bv_or(uint64_t *r, const uint64_t *a, const uint64_t *b, unsigned width) {
	for (size_t i = 0; i < st_bv_words(width); i++)
		r[i] = a[i] | b[i];
}
void st_bv_xor(uint64_t *r, const uint64_t *a, const uint64_t *b, unsigned width) {
	for (size_t i = 0; i < st_bv_words(width); i++)
		r[i] = a[i] ^ b[i];
}

/* The shift amount, or `width` when it is at least that. */
static uint64_t amount(const uint64_t *b, unsigned width) {
	for (size_t i = 1; i < st_bv_words(width); i++)
		if (b[i])
			return width;
	return b[0] < width ? b[0] : width;
}

void st_bv_shl(uint64_t *r, const uint64_t *a, const uint64_t *b, unsigned width) {
	size_t n = st_bv_words(width);
	uint64_t s = amount(b, width), ws = s / 64, bs = s % 64;
	for (size_t i = n; i-- > 0;) {
		uint64_t v = 0;
		if (i >= ws) {
			v = a[i - ws] << bs;
			if (bs && i - ws >= 1)
				v |= a[i - ws - 1] >> (64 - bs);
		}
		r[i] = v;
	}
	st_bv_mask(r, width);
}

void st_bv_shr(uint64_t *r, const uint64_t *a, const uint64_t *b, unsigned width, bool arith) {
	size_t n = st_bv_words(width);
	bool sign = arith && width && st_bv_get_bit(a, width - 1);
	uint64_t s = amount(b, width);
	/* Bit by bit through the word loop: shift words, then fill the sign. */
	uint64_t ws = s / 64, bs = s % 64;
	for (size_t i = 0; i < n; i++) {
		uint64_t v = 0;
		if (i + ws < n) {
			v = a[i + ws] >> bs;
			if (bs && i + ws + 1 < n)
				v |= a[i + ws + 1] << (64 - bs);
		}
		r[i] = v;
	}
	if (sign)
		for (uint64_t k = width - s; k < width; k++)
			st_bv_set_bit(r, k, true);
	st_bv_mask(r, width);
}

static int scmp(const uint64_t *a, const uint64_t *b, unsigned width) {
	bool sa = width && st_bv_get_bit(a, width - 1), sb = width && st_bv_get_bit(b, width - 1);
	if (sa != sb)
		return sa ? -1 : 1;
	return ucmp(a, b, st_bv_words(width));
}

bool st_bv_icmp(st_comb_pred pred, const uint64_t *a, const uint64_t *b, unsigned width) {
	size_t n = st_bv_words(width);
	switch (pred) {
	case ST_COMB_EQ:
	case ST_COMB_CEQ:
	case ST_COMB_WEQ:
		return ucmp(a, b, n) == 0;
	case ST_COMB_NE:
	case ST_COMB_CNE:
	case ST_COMB_WNE:
		return ucmp(a, b, n) != 0;
	case ST_COMB_SLT:
		return scmp(a, b, width) < 0;
	case ST_COMB_SLE:
		return scmp(a, b, width) <= 0;
	case ST_COMB_SGT:
		return scmp(a, b, width) > 0;
	case ST_COMB_SGE:
		return scmp(a, b, width) >= 0;
	case ST_COMB_ULT:
		return ucmp(a, b, n) < 0;
	case ST_COMB_ULE:
		return ucmp(a, b, n) <= 0;
	case ST_COMB_UGT:
		return ucmp(a, b, n) > 0;
	case ST_COMB_UGE:
		return ucmp(a, b, n) >= 0;
	}
	return false;
}

bool st_bv_parity(const uint64_t *a, unsigned width) {
	uint64_t x = 0;
	for (size_t i = 0; i < st_bv_words(width); i++)
		x ^= a[i];
	return __builtin_parityll(x);
}

void st_bv_copy_bits(uint64_t *dst, uint64_t off, const uint64_t *src, uint64_t lo, uint64_t n) {
	while (n) {
		/* Up to 64 bits at a time, bounded by both word edges. */
		uint64_t sb = lo % 64, db = off % 64;
		uint64_t k = 64 - (sb > db ? sb : db);
		if (k > n)
			k = n;
		uint64_t bits = src[lo / 64] >> sb;
		uint64_t mask = k == 64 ? ~0ull : (1ull << k) - 1;
		dst[off / 64] = (dst[off / 64] & ~(mask << db)) | ((bits & mask) << db);
		off += k;
		lo += k;
		n -= k;
	}
}
