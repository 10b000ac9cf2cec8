/* C reference of Inputs/pagerank-step.pm (test/pmlang-ref/ref_io.h's
 * protocol; stratac_check.py puts that folder on the include path): the
 * same operations in the same order, in float. */
#include "ref_io.h"

#define N 4

int main(int argc, char **argv) {
	int runs = invocations(argc, argv);
	float link[N * N], rank[N], d, next[N];
	read_floats(link, N * N);
	read_floats(rank, N);
	read_floats(&d, 1);
	read_floats(next, N);
	for (int r = 0; r < runs; r++) {
		for (int i = 0; i < N; i++) {
			float s = 0.0f;
			for (int j = 0; j < N; j++)
				s = s + link[i * N + j] * rank[j];
			next[i] = (1.0f - d) * 0.25f + d * s;
		}
		print_floats(next, N);
	}
	return 0;
}
