/* C reference of examples/pmlang/logistic_regression.pm. */
#include "ref_io.h"

#include <math.h>

#define N 6

static void logistic_step(const float *x, const float *y, float *w, float mu, float *h) {
	float s = 0.0f;
	for (int i = 0; i < N; i++)
		s = s + w[i] * x[i];
	h[0] = 1.0f / (1.0f + expf(-s));
	for (int i = 0; i < N; i++)
		w[i] = w[i] - mu * (h[0] - y[0]) * x[i];
}

int main(int argc, char **argv) {
	int runs = invocations(argc, argv);
	float x[N], y[1], mu, w[N], h[1];
	read_floats(x, N);
	read_floats(y, 1);
	read_floats(&mu, 1);
	read_floats(w, N);
	read_floats(h, 1);
	for (int r = 0; r < runs; r++) {
		logistic_step(x, y, w, mu, h);
		print_floats(w, N);
		print_floats(h, 1);
	}
	return 0;
}
