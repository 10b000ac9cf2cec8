/* C reference of examples/pmlang/recommender.pm. */
#include "ref_io.h"

#define M 4
#define N 5
#define F 2

int main(int argc, char **argv) {
	int runs = invocations(argc, argv);
	float R[M][N], mu, U[M][F], V[N][F], loss[1], err[M][N], V2[N][F];
	read_floats(&R[0][0], M * N);
	read_floats(&mu, 1);
	read_floats(&U[0][0], M * F);
	read_floats(&V[0][0], N * F);
	read_floats(loss, 1);
	for (int r = 0; r < runs; r++) {
		for (int u = 0; u < M; u++)
			for (int v = 0; v < N; v++) {
				float s = 0.0f;
				for (int k = 0; k < F; k++)
					s = s + U[u][k] * V[v][k];
				err[u][v] = R[u][v] > 0.0f ? R[u][v] - s : 0.0f;
			}
		float l = 0.0f;
		for (int u = 0; u < M; u++)
			for (int v = 0; v < N; v++)
				l = l + err[u][v] * err[u][v];
		loss[0] = l;
		for (int v = 0; v < N; v++)
			for (int k = 0; k < F; k++) {
				float s = 0.0f;
				for (int u = 0; u < M; u++)
					s = s + err[u][v] * U[u][k];
				V2[v][k] = V[v][k] + mu * s;
			}
		for (int u = 0; u < M; u++)
			for (int k = 0; k < F; k++) {
				float s = 0.0f;
				for (int v = 0; v < N; v++)
					s = s + err[u][v] * V[v][k];
				U[u][k] = U[u][k] + mu * s;
			}
		for (int v = 0; v < N; v++)
			for (int k = 0; k < F; k++)
				V[v][k] = V2[v][k];
		print_floats(&U[0][0], M * F);
		print_floats(&V[0][0], N * F);
		print_floats(loss, 1);
	}
	return 0;
}
