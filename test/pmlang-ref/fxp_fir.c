/* C reference of examples/pmlang/fxp_fir.pm: PMLang's fixed point as
 * docs/pmlang.md ("Fixed point") defines it, written out on int64_t (raw
 * values are value * 2^frac; results saturate to the type's bits; products
 * and narrowing conversions round half an ulp up, quotients truncate toward
 * zero, a zero divisor gives the extreme of the dividend's sign).  Raw
 * values are compared bit for bit. */
#include "ref_io.h"

#include <math.h>
#include <stdint.h>

typedef struct {
	int bits, frac;
} fxt;

static const fxt Q8 = {16, 8}, Q16 = {32, 16};

static int64_t hi_of(fxt t) { return (int64_t)((UINT64_C(1) << (t.bits - 1)) - 1); }
static int64_t lo_of(fxt t) { return -hi_of(t) - 1; }
static int64_t sat(int64_t x, fxt t) { return x > hi_of(t) ? hi_of(t) : x < lo_of(t) ? lo_of(t) : x; }
static int64_t pow2(int e) { return INT64_C(1) << e; }
/* x / 2^d rounded to nearest, ties toward +inf (an arithmetic shift). */
static int64_t round_shift(int64_t x, int d) { return (x + pow2(d - 1)) >> d; }

static int64_t fx_add(int64_t a, int64_t b, fxt t) { return sat(a + b, t); }
static int64_t fx_sub(int64_t a, int64_t b, fxt t) { return sat(a - b, t); }
static int64_t fx_mul(int64_t a, int64_t b, fxt t) { return sat(t.frac ? round_shift(a * b, t.frac) : a * b, t); }
static int64_t fx_div(int64_t a, int64_t b, fxt t) {
	int64_t n = a * pow2(t.frac);
	if (b == 0)
		return n < 0 ? lo_of(t) : hi_of(t);
	return sat(n / b, t);
}
static int64_t fx_neg(int64_t a, fxt t) { return sat(-a, t); }
static int64_t fx_abs(int64_t a, fxt t) { return a < 0 ? fx_neg(a, t) : a; }
static int64_t fx_max(int64_t a, int64_t b) { return b > a ? b : a; }
static int64_t fx_lit(double v, fxt t) {
	double r = floor(v * ldexp(1.0, t.frac) + 0.5);
	return r >= (double)hi_of(t) ? hi_of(t) : r <= (double)lo_of(t) ? lo_of(t) : (int64_t)r;
}
static int64_t fx_from_float(float x, fxt t) {
	double r = floor((double)x * ldexp(1.0, t.frac) + 0.5);
	r = r > (double)hi_of(t) ? (double)hi_of(t) : r;
	r = r < (double)lo_of(t) ? (double)lo_of(t) : r;
	return r == r ? (int64_t)r : 0;
}
static int64_t fx_from_int(int32_t x, fxt t) { return sat((int64_t)x * pow2(t.frac), t); }
static int64_t fx_convert(int64_t x, fxt from, fxt to) {
	int d = to.frac - from.frac;
	return sat(d > 0 ? x * pow2(d) : d < 0 ? round_shift(x, -d) : x, to);
}
static float fx_to_float(int64_t x, fxt t) { return (float)((double)x * ldexp(1.0, -t.frac)); }
static int32_t fx_to_int(int64_t x, fxt t) { return (int32_t)(x / pow2(t.frac)); }

#define NX 12
#define NT 4
#define NY 9

int main(int argc, char **argv) {
	int runs = invocations(argc, argv);
	float xin[NX], yf[NY];
	int hraw[NT], acc[NY], y[NY], yi[NY], q[NY], peak[1];
	read_floats(xin, NX);
	read_ints(hraw, NT);
	read_ints(acc, NY);
	read_ints(y, NY);
	read_ints(yi, NY);
	read_floats(yf, NY);
	read_ints(q, NY);
	read_ints(peak, 1);
	for (int run = 0; run < runs; run++) {
		int64_t x[NX], h[NT], y16[NY];
		for (int j = 0; j < NX; j++)
			x[j] = fx_from_float(xin[j], Q8);
		for (int k = 0; k < NT; k++)
			h[k] = fx_div(fx_from_int(hraw[k], Q8), fx_lit(64, Q8), Q8);
		for (int i = 0; i < NY; i++) {
			int64_t s = fx_mul(h[0], x[i], Q8);
			for (int k = 1; k < NT; k++)
				s = fx_add(s, fx_mul(h[k], x[i + k], Q8), Q8);
			y16[i] = s;
		}
		for (int i = 0; i < NY; i++) {
			y[i] = (int)fx_convert(y16[i], Q8, Q16);
			int64_t a = fx_div(acc[i], fx_lit(2, Q16), Q16);
			a = fx_add(a, fx_mul(y[i], fx_lit(0.75, Q16), Q16), Q16);
			acc[i] = (int)fx_sub(a, fx_lit(1, Q16), Q16);
			yi[i] = acc[i] > y[i] ? fx_to_int(acc[i], Q16) : fx_to_int(fx_sub(y[i], acc[i], Q16), Q16);
			yf[i] = fx_to_float(acc[i], Q16) + fx_to_float(fx_neg(y16[i], Q8), Q8);
			q[i] = (int)fx_max(fx_mul(fx_convert(acc[i], Q16, Q8), y16[i], Q8), fx_neg(fx_abs(y16[i], Q8), Q8));
		}
		int64_t best = INT32_MIN;
		peak[0] = 0;
		for (int i = 0; i < NY; i++)
			if (fx_abs(acc[i], Q16) > best) {
				best = fx_abs(acc[i], Q16);
				peak[0] = i;
			}
		print_ints(acc, NY);
		print_ints(y, NY);
		print_ints(yi, NY);
		print_floats(yf, NY);
		print_ints(q, NY);
		print_ints(peak, 1);
	}
	return 0;
}
