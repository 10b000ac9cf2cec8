/* C reference of examples/pmlang/svm.pm. */
#include "ref_io.h"

#define N 5

static void svm_step(const float *x, const float *y, float *w, float mu, float lambda, float *margin) {
	float s = 0.0f;
	for (int i = 0; i < N; i++)
		s = s + w[i] * x[i];
	margin[0] = y[0] * s;
	for (int i = 0; i < N; i++)
		w[i] = w[i] - mu * (lambda * w[i] - (margin[0] < 1.0f ? y[0] * x[i] : 0.0f));
}

int main(int argc, char **argv) {
	int runs = invocations(argc, argv);
	float x[N], y[1], mu, lambda, w[N], margin[1];
	read_floats(x, N);
	read_floats(y, 1);
	read_floats(&mu, 1);
	read_floats(&lambda, 1);
	read_floats(w, N);
	read_floats(margin, 1);
	for (int r = 0; r < runs; r++) {
		svm_step(x, y, w, mu, lambda, margin);
		print_floats(w, N);
		print_floats(margin, 1);
	}
	return 0;
}
