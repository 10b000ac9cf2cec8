/* C reference of Inputs/svm-step.pm (test/pmlang-ref/ref_io.h's
 * protocol; stratac_check.py puts that folder on the include path): the
 * same operations in the same order, in float. */
#include "ref_io.h"

#define N 4

int main(int argc, char **argv) {
	int runs = invocations(argc, argv);
	float x[N], y, w[N], mu, lambda, margin[1];
	read_floats(x, N);
	read_floats(&y, 1);
	read_floats(w, N);
	read_floats(&mu, 1);
	read_floats(&lambda, 1);
	read_floats(margin, 1);
	for (int r = 0; r < runs; r++) {
		float s = 0.0f;
		for (int i = 0; i < N; i++)
			s = s + w[i] * x[i];
		margin[0] = y * s;
		for (int i = 0; i < N; i++)
			w[i] = w[i] - mu * (lambda * w[i] - (margin[0] < 1.0f ? y * x[i] : 0.0f));
		print_floats(w, N);
		print_floats(margin, 1);
	}
	return 0;
}
