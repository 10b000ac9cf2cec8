/* Float-to-float conversion with each of arith's rounding modes, for
 * arith.extf and arith.truncf in the interpreter.  (The folders only fold
 * exact conversions, so they never needed one.)
 *
 * The value is exact in double; scaled by a power of two so that the
 * target's last significand bit has weight 1, its integer part is the
 * truncated significand and its fraction decides the rounding. */
#include "arith_internal.h"
#include "strata/interp.h"

#include <math.h>
#include <string.h>

enum { RM_NEAREST_EVEN, RM_DOWNWARD, RM_UPWARD, RM_TOWARD_ZERO, RM_NEAREST_AWAY };

static uint64_t overflow(int eb, int mb, bool neg, int mode) {
	bool to_inf = mode == RM_NEAREST_EVEN || mode == RM_NEAREST_AWAY || (mode == RM_UPWARD && !neg) ||
	              (mode == RM_DOWNWARD && neg);
	uint64_t emax = (1ull << eb) - 1;
	return to_inf ? emax << mb : ((emax - 1) << mb) | ((1ull << mb) - 1);
}

/* |d| (finite, nonzero) rounded to the format, without the sign bit. */
static uint64_t round_mag(double a, bool neg, int eb, int mb, int mode) {
	int bias = (1 << (eb - 1)) - 1, emin = 1 - bias;
	int e;
	frexp(a, &e);
	e -= 1; /* a in [2^e, 2^(e+1)) */
	if (e > bias)
		return overflow(eb, mb, neg, mode);
	int te = e < emin ? emin : e;
	double v = ldexp(a, mb - te); /* exact: below 2^(mb+1) */
	double ip = floor(v), f = v - ip;
	uint64_t q = (uint64_t)ip;
	bool up;
	switch (mode) {
	case RM_NEAREST_EVEN:
		up = f > 0.5 || (f == 0.5 && (q & 1));
		break;
	case RM_NEAREST_AWAY:
		up = f >= 0.5;
		break;
	case RM_UPWARD:
		up = f > 0 && !neg;
		break;
	case RM_DOWNWARD:
		up = f > 0 && neg;
		break;
	default:
		up = false;
		break;
	}
	q += up;
	if (q >> (mb + 1)) {
		q >>= 1;
		if (++te > bias)
			return overflow(eb, mb, neg, mode);
	}
	if (q < (1ull << mb))
		return q; /* subnormal (te is emin) */
	return ((uint64_t)(te + bias) << mb) | (q & ((1ull << mb) - 1));
}

uint64_t st__arith_convert_float(st_type_kind from, st_type_kind to, uint64_t bits, int mode) {
	int feb, fmb, teb, tmb;
	st_float_format(from, &feb, &fmb);
	st_float_format(to, &teb, &tmb);
	uint64_t femax = (1ull << feb) - 1, temax = (1ull << teb) - 1;
	bool neg = (bits >> (feb + fmb)) & 1;
	uint64_t sign = neg ? 1ull << (teb + tmb) : 0;
	uint64_t fe = (bits >> fmb) & femax, fm = bits & ((1ull << fmb) - 1);
	if (fe == femax) {
		if (!fm)
			return sign | (temax << tmb);
		/* NaN: the top payload bits survive, and the result is quiet. */
		uint64_t pay = tmb >= fmb ? fm << (tmb - fmb) : fm >> (fmb - tmb);
		return sign | (temax << tmb) | pay | (1ull << (tmb - 1));
	}
	double d = st_float_bits_to_double(from, bits);
	if (d == 0)
		return sign;
	if (to == ST_TYPE_F64) {
		uint64_t r;
		memcpy(&r, &d, 8);
		return r;
	}
	return sign | round_mag(fabs(d), neg, teb, tmb, mode);
}
