/* C reference of examples/pmlang/dct.pm. */
#include "ref_io.h"

#include <math.h>

#define N 32

int main(int argc, char **argv) {
	int runs = invocations(argc, argv);
	float x[N], pi, energy[1], X[N];
	read_floats(x, N);
	read_floats(&pi, 1);
	read_floats(energy, 1);
	read_floats(X, N);
	for (int r = 0; r < runs; r++) {
		for (int b = 0; b < N / 8; b++)
			for (int k = 0; k < 8; k++) {
				float s = 0.0f;
				for (int j = 0; j < 8; j++)
					s = s + x[8 * b + j] * cosf(pi * (float)(2 * j + 1) * (float)k / 16.0f);
				X[8 * b + k] = s;
			}
		float e = 0.0f;
		for (int i = 0; i < N; i++)
			e = e + X[i] * X[i];
		energy[0] = energy[0] + e;
		print_floats(energy, 1);
		print_floats(X, N);
	}
	return 0;
}
