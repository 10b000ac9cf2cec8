/* C reference of examples/pmlang/linear_regression.pm: one SGD step per
 * invocation; prints main's results (w, err) after each. */
#include "ref_io.h"

#define N 8

static void sgd_step(const float *x, const float *y, float *w, float mu, float *err) {
	float s = 0.0f;
	for (int i = 0; i < N; i++)
		s = s + w[i] * x[i];
	err[0] = s - y[0];
	for (int i = 0; i < N; i++)
		w[i] = w[i] - mu * err[0] * x[i];
}

int main(int argc, char **argv) {
	int runs = invocations(argc, argv);
	float x[N], y[1], mu, w[N], err[1];
	read_floats(x, N);
	read_floats(y, 1);
	read_floats(&mu, 1);
	read_floats(w, N);
	read_floats(err, 1);
	for (int r = 0; r < runs; r++) {
		sgd_step(x, y, w, mu, err);
		print_floats(w, N);
		print_floats(err, 1);
	}
	return 0;
}
