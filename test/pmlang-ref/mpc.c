/* C reference of examples/pmlang/mpc.pm (the corrected MPC of the thesis). */
#include "ref_io.h"

#define A 3
#define B 20
#define C 30
#define S 2
#define HSTEP 10

static void mvmul(int m, int n, const float *Am, const float *x, float *y) {
	for (int j = 0; j < m; j++) {
		float s = 0.0f;
		for (int i = 0; i < n; i++)
			s = s + Am[j * n + i] * x[i];
		y[j] = s;
	}
}

int main(int argc, char **argv) {
	int runs = invocations(argc, argv);
	float pos[A], ctrl[B], pos_ref[C], P[C * A], HQ_g[B * C], H[C * B], R_g[B * B], sgnl[S];
	float pred[C], err[C], P_g[B], H_g[B], g[B], next[B];
	read_floats(pos, A);
	read_floats(ctrl, B);
	read_floats(pos_ref, C);
	read_floats(P, C * A);
	read_floats(HQ_g, B * C);
	read_floats(H, C * B);
	read_floats(R_g, B * B);
	read_floats(sgnl, S);
	for (int r = 0; r < runs; r++) {
		for (int k = 0; k < C; k++) {
			float s = 0.0f;
			for (int i = 0; i < A; i++)
				s = s + P[k * A + i] * pos[i];
			pred[k] = s;
		}
		for (int k = 0; k < C; k++) {
			float s = 0.0f;
			for (int j = 0; j < B; j++)
				s = s + H[k * B + j] * ctrl[j];
			pred[k] = pred[k] + s;
		}
		for (int j = 0; j < C; j++)
			err[j] = pos_ref[j] - pred[j];
		mvmul(B, C, HQ_g, err, P_g);
		mvmul(B, B, R_g, ctrl, H_g);
		for (int i = 0; i < B; i++)
			g[i] = P_g[i] + H_g[i];
		for (int j = 0; j < S; j++)
			sgnl[j] = ctrl[HSTEP * j];
		for (int i = 0; i < B; i++)
			next[i] = ctrl[i];
		next[B - 1] = 0.0f;
		for (int i = 0; i < B - 1; i++)
			next[i] = ctrl[i + 1] - g[i + 1];
		for (int i = 0; i < B; i++)
			ctrl[i] = next[i];
		print_floats(ctrl, B);
		print_floats(sgnl, S);
	}
	return 0;
}
