/* Conversions between double and the narrower IEEE formats (f32, f16,
 * bf16), rounding to nearest even.  Float attributes store the bit pattern
 * of their own format, so a value prints and compares exactly as the
 * target format holds it. */
#include "internal.h"

#include <math.h>

void st_float_format(st_type_kind k, int *ebits, int *mbits) {
	switch (k) {
	case ST_TYPE_F16:
		*ebits = 5, *mbits = 10;
		break;
	case ST_TYPE_BF16:
		*ebits = 8, *mbits = 7;
		break;
	case ST_TYPE_F32:
		*ebits = 8, *mbits = 23;
		break;
	default:
		*ebits = 11, *mbits = 52;
		break;
	}
}

uint64_t st__float_to_bits(st_type_kind kind, double d);
uint64_t st__float_to_bits(st_type_kind kind, double d) {
	uint64_t b;
	memcpy(&b, &d, 8);
	int ebits, mbits;
	st_float_format(kind, &ebits, &mbits);
	if (mbits == 52)
		return b;
	uint64_t sign = b >> 63;
	int exp = (int)((b >> 52) & 0x7ff);
	uint64_t mant = b & ((1ull << 52) - 1);
	int bias = (1 << (ebits - 1)) - 1;
	int emax = (1 << ebits) - 1;
	uint64_t out;
	if (exp == 0x7ff) {
		out = ((uint64_t)emax << mbits);
		if (mant)
			out |= (1ull << (mbits - 1)) | (mant >> (52 - mbits));
	} else if (exp == 0) {
		out = 0; /* double subnormals underflow in every narrower format */
	} else {
		uint64_t sig = mant | (1ull << 52);
		int te = exp - 1023 + bias;
		int shift = 52 - mbits;
		if (te < 1) {
			shift += 1 - te;
			te = 0;
		}
		uint64_t q = 0;
		if (shift < 64) {
			q = sig >> shift;
			uint64_t rem = sig & ((1ull << shift) - 1);
			uint64_t half = 1ull << (shift - 1);
			if (rem > half || (rem == half && (q & 1)))
				q++;
		}
		if (te >= 1) {
			if (q >> (mbits + 1)) {
				q >>= 1;
				te++;
			}
			if (te >= emax)
				out = (uint64_t)emax << mbits;
			else
				out = ((uint64_t)te << mbits) | (q & ((1ull << mbits) - 1));
		} else {
			out = q; /* a carry into bit mbits yields the smallest normal */
		}
	}
	return out | (sign << (ebits + mbits));
}

double st__float_from_bits(st_type_kind kind, uint64_t bits);
double st__float_from_bits(st_type_kind kind, uint64_t bits) {
	int ebits, mbits;
	st_float_format(kind, &ebits, &mbits);
	if (mbits == 52) {
		double d;
		memcpy(&d, &bits, 8);
		return d;
	}
	uint64_t sign = (bits >> (ebits + mbits)) & 1;
	int exp = (int)((bits >> mbits) & ((1u << ebits) - 1));
	uint64_t mant = bits & ((1ull << mbits) - 1);
	int bias = (1 << (ebits - 1)) - 1;
	double v;
	if (exp == (1 << ebits) - 1) {
		/* Keep NaN payload bits so that the round trip is exact. */
		uint64_t b = (0x7ffull << 52) | (mant << (52 - mbits));
		memcpy(&v, &b, 8);
	} else if (exp == 0) {
		v = ldexp((double)mant, 1 - bias - mbits);
	} else {
		v = ldexp((double)(mant | (1ull << mbits)), exp - bias - mbits);
	}
	return sign ? -v : v;
}

/* ------------------------------------------------------- decimal strings */

/* MLIR prints floats with LLVM's APFloat::toString, whose digits are not
 * the correctly rounded ones printf gives: it first drops whole powers of
 * ten from the exact decimal significand by truncation, then rounds the
 * remaining digits half-up.  To print what MLIR prints, the same steps run
 * here on an exact big integer: the value is sig * 2^e2, i.e. sig * 5^-e2
 * decimal digits times 10^e2 when e2 < 0. */

#define BIG_LIMBS 96 /* 53 + 1126 * log2(5) bits: the smallest f64 subnormal */

typedef struct big {
	uint32_t w[BIG_LIMBS]; /* little-endian */
	int n;                 /* limbs in use; no leading zero limbs */
} big;

static void big_mul_small(big *b, uint32_t m) {
	uint64_t carry = 0;
	for (int i = 0; i < b->n; i++) {
		uint64_t v = (uint64_t)b->w[i] * m + carry;
		b->w[i] = (uint32_t)v;
		carry = v >> 32;
	}
	if (carry && b->n < BIG_LIMBS)
		b->w[b->n++] = (uint32_t)carry;
}

static uint32_t big_div_small(big *b, uint32_t d) {
	uint64_t rem = 0;
	for (int i = b->n; i-- > 0;) {
		uint64_t cur = (rem << 32) | b->w[i];
		b->w[i] = (uint32_t)(cur / d);
		rem = cur % d;
	}
	while (b->n && !b->w[b->n - 1])
		b->n--;
	return (uint32_t)rem;
}

static unsigned big_bits(const big *b) {
	if (!b->n)
		return 0;
	unsigned top = 32 - (unsigned)__builtin_clz(b->w[b->n - 1]);
	return (unsigned)(b->n - 1) * 32 + top;
}

/* APFloat's AdjustToPrecision on the digit buffer (least significant
 * digit first): round half up to `prec` digits. */
static void adjust_digits(char *buf, size_t *n, int *exp, unsigned prec) {
	size_t N = *n;
	if (N <= prec)
		return;
	size_t first = N - prec;
	if (buf[first - 1] < '5') {
		while (first < N && buf[first] == '0')
			first++;
	} else {
		for (size_t i = first; i != N; i++) {
			if (buf[i] == '9') {
				first++;
			} else {
				buf[i]++;
				break;
			}
		}
		if (first == N) {
			*exp += (int)first;
			buf[0] = '1';
			*n = 1;
			return;
		}
	}
	*exp += (int)first;
	memmove(buf, buf + first, N - first);
	*n = N - first;
}

size_t st__float_to_string(st_type_kind kind, uint64_t bits, unsigned prec, unsigned max_pad, bool trunc_zero,
                           char *out);
/* APFloat::toString(out, prec, max_pad, trunc_zero) of a finite value;
 * `out` holds at least 64 bytes.  Returns the length. */
size_t st__float_to_string(st_type_kind kind, uint64_t bits, unsigned prec, unsigned max_pad, bool trunc_zero,
                           char *out) {
	int ebits, mbits;
	st_float_format(kind, &ebits, &mbits);
	size_t len = 0;
	bool neg = (bits >> (ebits + mbits)) & 1;
	int efield = (int)((bits >> mbits) & ((1u << ebits) - 1));
	uint64_t sig = bits & ((1ull << mbits) - 1);
	int bias = (1 << (ebits - 1)) - 1;
	if (neg)
		out[len++] = '-';
	if (efield == 0 && sig == 0) {
		if (max_pad) {
			out[len++] = '0';
		} else if (trunc_zero) {
			memcpy(out + len, "0.0E+0", 6);
			len += 6;
		} else {
			memcpy(out + len, "0.0", 3);
			len += 3;
			for (unsigned i = 1; i < prec && len < 40; i++)
				out[len++] = '0';
			memcpy(out + len, "e+00", 4);
			len += 4;
		}
		out[len] = 0;
		return len;
	}
	int e2 = (efield ? efield : 1) - bias - mbits;
	if (efield)
		sig |= 1ull << mbits;
	if (!prec)
		prec = 2 + (unsigned)(mbits + 1) * 59 / 196;
	int tz = __builtin_ctzll(sig);
	sig >>= tz;
	e2 += tz;

	big b = {{0}, 0};
	b.w[0] = (uint32_t)sig;
	b.w[1] = (uint32_t)(sig >> 32);
	b.n = b.w[1] ? 2 : 1;
	int exp = 0;
	for (; e2 > 0; e2 -= e2 > 31 ? 31 : e2)
		big_mul_small(&b, 1u << (e2 > 31 ? 31 : e2));
	if (e2 < 0) {
		exp = e2;
		for (int t = -e2; t > 0; t -= t > 13 ? 13 : t) {
			uint32_t m = 1;
			for (int k = 0; k < (t > 13 ? 13 : t); k++)
				m *= 5;
			big_mul_small(&b, m);
		}
	}
	/* The first AdjustToPrecision: truncate whole powers of ten. */
	unsigned nbits = big_bits(&b);
	unsigned required = (prec * 196 + 58) / 59;
	if (nbits > required) {
		unsigned tens = (nbits - required) * 59 / 196;
		exp += (int)tens;
		for (; tens >= 9; tens -= 9)
			big_div_small(&b, 1000000000u);
		uint32_t d = 1;
		while (tens--)
			d *= 10;
		if (d > 1)
			big_div_small(&b, d);
	}
	/* What is left has a few more bits than `required` (at most 62). */
	uint64_t v = b.n > 1 ? ((uint64_t)b.w[1] << 32) | b.w[0] : b.n ? b.w[0] : 0;
	char buf[32];
	size_t nd = 0;
	bool in_trail = true;
	while (v) {
		unsigned d = (unsigned)(v % 10);
		v /= 10;
		if (in_trail && !d) {
			exp++;
		} else {
			buf[nd++] = (char)('0' + d);
			in_trail = false;
		}
	}
	adjust_digits(buf, &nd, &exp, prec);

	bool sci;
	if (!max_pad) {
		sci = true;
	} else if (exp >= 0) {
		sci = (unsigned)exp > max_pad || nd + (unsigned)exp > prec;
	} else {
		int msd = exp + (int)(nd - 1);
		sci = msd < 0 && (unsigned)-msd > max_pad;
	}
	if (sci) {
		exp += (int)(nd - 1);
		out[len++] = buf[nd - 1];
		out[len++] = '.';
		if (nd == 1 && trunc_zero)
			out[len++] = '0';
		else
			for (size_t i = 1; i != nd; i++)
				out[len++] = buf[nd - 1 - i];
		if (!trunc_zero && prec > nd - 1)
			for (size_t i = 0; i < prec - nd + 1; i++)
				out[len++] = '0';
		out[len++] = trunc_zero ? 'E' : 'e';
		out[len++] = exp >= 0 ? '+' : '-';
		unsigned ue = (unsigned)(exp < 0 ? -exp : exp);
		char eb[8];
		int ne = 0;
		do {
			eb[ne++] = (char)('0' + ue % 10);
			ue /= 10;
		} while (ue);
		if (!trunc_zero && ne < 2)
			eb[ne++] = '0';
		while (ne)
			out[len++] = eb[--ne];
	} else if (exp >= 0) {
		for (size_t i = 0; i != nd; i++)
			out[len++] = buf[nd - 1 - i];
		for (int i = 0; i != exp; i++)
			out[len++] = '0';
	} else {
		int whole = exp + (int)nd;
		size_t i = 0;
		if (whole > 0) {
			for (; i != (size_t)whole; i++)
				out[len++] = buf[nd - i - 1];
			out[len++] = '.';
		} else {
			out[len++] = '0';
			out[len++] = '.';
			for (int z = 1; z != 1 - whole; z++)
				out[len++] = '0';
		}
		for (; i != nd; i++)
			out[len++] = buf[nd - i - 1];
	}
	out[len] = 0;
	return len;
}
