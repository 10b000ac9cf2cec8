/* C reference of examples/pmlang/kmeans.pm. */
#include "ref_io.h"

#include <math.h>

#define P 10
#define D 2
#define K 3

int main(int argc, char **argv) {
	int runs = invocations(argc, argv);
	float X[P][D], C[K][D], dist[P][K], best[P], count[K];
	int assign[P];
	read_floats(&X[0][0], P * D);
	read_floats(&C[0][0], K * D);
	read_ints(assign, P);
	for (int r = 0; r < runs; r++) {
		for (int i = 0; i < P; i++)
			for (int c = 0; c < K; c++) {
				float s = 0.0f;
				for (int e = 0; e < D; e++)
					s = s + (X[i][e] - C[c][e]) * (X[i][e] - C[c][e]);
				dist[i][c] = s;
			}
		for (int i = 0; i < P; i++) {
			float m = INFINITY;
			for (int c = 0; c < K; c++)
				m = dist[i][c] < m ? dist[i][c] : m;
			best[i] = m;
			int a = 0x7fffffff;
			for (int c = 0; c < K; c++) {
				int v = dist[i][c] == best[i] ? c : K;
				a = v < a ? v : a;
			}
			assign[i] = a;
		}
		for (int c = 0; c < K; c++) {
			float s = 0.0f;
			for (int i = 0; i < P; i++)
				s = s + (assign[i] == c ? 1.0f : 0.0f);
			count[c] = s;
		}
		float C2[K][D];
		for (int c = 0; c < K; c++)
			for (int e = 0; e < D; e++) {
				float s = 0.0f;
				for (int i = 0; i < P; i++)
					s = s + (assign[i] == c ? X[i][e] : 0.0f);
				C2[c][e] = count[c] > 0.0f ? s / count[c] : C[c][e];
			}
		for (int c = 0; c < K; c++)
			for (int e = 0; e < D; e++)
				C[c][e] = C2[c][e];
		print_floats(&C[0][0], K * D);
		print_ints(assign, P);
	}
	return 0;
}
