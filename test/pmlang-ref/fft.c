/* C reference of examples/pmlang/fft.pm: complex arithmetic as
 * docs/pmlang.md ("Complex numbers") defines it, written out on float pairs
 * in the program's order (each operation rounded once in f32; compiled with
 * -ffp-contract=off): (a+bi)(c+di) = (ac - bd) + (ad + bc)i, division by
 * ((ac + bd) + (bc - ad)i) / (cc + dd), abs = sqrt(aa + bb). */
#include "ref_io.h"

#include <math.h>

typedef struct {
	float re, im;
} cplx;

static cplx cadd(cplx x, cplx y) { return (cplx){x.re + y.re, x.im + y.im}; }
static cplx csub(cplx x, cplx y) { return (cplx){x.re - y.re, x.im - y.im}; }
static cplx cmul(cplx x, cplx y) { return (cplx){x.re * y.re - x.im * y.im, x.re * y.im + x.im * y.re}; }
static cplx cdiv(cplx x, cplx y) {
	float den = y.re * y.re + y.im * y.im;
	return (cplx){(x.re * y.re + x.im * y.im) / den, (x.im * y.re - x.re * y.im) / den};
}
/* real() and conj() add -0.0 (an exact copy of the real part). */
static cplx cconj(cplx x) { return (cplx){x.re + -0.0f, -x.im}; }
static cplx real_(float x) { return (cplx){x, 0.0f}; }

static void butterfly(const cplx *x, const cplx *w, cplx *y, int n, int h) {
	cplx t[8];
	for (int i = 0; i < n; i++)
		t[i] = y[i];
	for (int g = 0; g < n / (2 * h); g++)
		for (int j = 0; j < h; j++)
			t[2 * h * g + j] = cadd(x[2 * h * g + j], x[2 * h * g + j + h]);
	for (int g = 0; g < n / (2 * h); g++)
		for (int j = 0; j < h; j++)
			t[2 * h * g + j + h] = cmul(csub(x[2 * h * g + j], x[2 * h * g + j + h]), w[j]);
	for (int i = 0; i < n; i++)
		y[i] = t[i];
}

static void read_c(cplx *v, int n) { read_floats(&v->re, 2 * n); }
static void print_c(const cplx *v, int n) { print_floats(&v->re, 2 * n); }

int main(int argc, char **argv) {
	int runs = invocations(argc, argv);
	cplx x[8], power[8], X[8], ratio[8], dc[1];
	float mag[8], re[8];
	read_c(x, 8);
	read_c(power, 8);
	read_c(X, 8);
	read_floats(mag, 8);
	read_c(ratio, 8);
	read_c(dc, 1);
	read_floats(re, 8);
	for (int run = 0; run < runs; run++) {
		cplx w4[4], w2[2], w1[1], s1[8] = {{0}}, s2[8] = {{0}}, s3[8] = {{0}};
		for (int k = 0; k < 4; k++)
			w4[k] = (cplx){cosf(0.785398163f * (float)k), -sinf(0.785398163f * (float)k)};
		for (int j = 0; j < 2; j++)
			w2[j] = w4[2 * j];
		w1[0] = cadd(real_(1.0f), (cplx){0.0f, 0.0f});
		butterfly(x, w4, s1, 8, 4);
		butterfly(s1, w2, s2, 8, 2);
		butterfly(s2, w1, s3, 8, 1);
		for (int a = 0; a < 2; a++)
			for (int b = 0; b < 2; b++)
				for (int c = 0; c < 2; c++)
					X[4 * c + 2 * b + a] = s3[4 * a + 2 * b + c];
		for (int m = 0; m < 8; m++) {
			mag[m] = sqrtf(X[m].re * X[m].re + X[m].im * X[m].im);
			power[m] = cadd(cmul(power[m], real_(0.5f)), cmul(X[m], cconj(X[m])));
			ratio[m] = cdiv(X[m], cadd(power[m], real_(1.0f)));
		}
		cplx s = {0.0f, 0.0f};
		for (int m = 0; m < 8; m++) {
			s.re = s.re + (x[m].re + -0.0f);
			s.im = s.im + (x[m].im + -0.0f);
		}
		dc[0] = cadd(csub(s, X[0]), (cplx){0.0f, 2.5f});
		for (int m = 0; m < 8; m++) {
			cplx cj = cconj(X[m]);
			float same = X[m].re == cj.re && X[m].im == cj.im ? 1.0f : 0.0f;
			re[m] = ((X[m].re + -0.0f) - (-X[m].im + -0.0f)) + same;
		}
		print_c(power, 8);
		print_c(X, 8);
		print_floats(mag, 8);
		print_c(ratio, 8);
		print_c(dc, 1);
		print_floats(re, 8);
	}
	return 0;
}
