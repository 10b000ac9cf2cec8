/* Conversions between double and the narrower IEEE formats (f32, f16,
 * bf16), rounding to nearest even.  Float attributes store the bit pattern
 * of their own format, so a value prints and compares exactly as the
 * target format holds it. */
#include "internal.h"

#include <math.h>

static void format_of(st_type_kind k, int *ebits, int *mbits) {
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
	format_of(kind, &ebits, &mbits);
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
	format_of(kind, &ebits, &mbits);
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
