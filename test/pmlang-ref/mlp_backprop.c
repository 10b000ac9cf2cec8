/* C reference of examples/pmlang/mlp_backprop.pm. */
#include "ref_io.h"

#include <math.h>

#define NI 4
#define NH 3
#define NO 2

static float sigmoid(float v) { return 1.0f / (1.0f + expf(-v)); }

static void forward(int n, int h, const float *x, const float *W, float *a) {
	for (int j = 0; j < h; j++) {
		float s = 0.0f;
		for (int i = 0; i < n; i++)
			s = s + W[j * n + i] * x[i];
		a[j] = sigmoid(s);
	}
}

int main(int argc, char **argv) {
	int runs = invocations(argc, argv);
	float x[NI], t[NO], mu, W1[NH * NI], W2[NO * NH], out[NO], hid[NH], d_out[NO], d_hid[NH];
	read_floats(x, NI);
	read_floats(t, NO);
	read_floats(&mu, 1);
	read_floats(W1, NH * NI);
	read_floats(W2, NO * NH);
	read_floats(out, NO);
	for (int r = 0; r < runs; r++) {
		forward(NI, NH, x, W1, hid);
		forward(NH, NO, hid, W2, out);
		for (int k = 0; k < NO; k++)
			d_out[k] = (out[k] - t[k]) * out[k] * (1.0f - out[k]);
		for (int j = 0; j < NH; j++) {
			float s = 0.0f;
			for (int k = 0; k < NO; k++)
				s = s + W2[k * NH + j] * d_out[k];
			d_hid[j] = s * hid[j] * (1.0f - hid[j]);
		}
		for (int k = 0; k < NO; k++)
			for (int j = 0; j < NH; j++)
				W2[k * NH + j] = W2[k * NH + j] - mu * d_out[k] * hid[j];
		for (int j = 0; j < NH; j++)
			for (int i = 0; i < NI; i++)
				W1[j * NI + i] = W1[j * NI + i] - mu * d_hid[j] * x[i];
		print_floats(W1, NH * NI);
		print_floats(W2, NO * NH);
		print_floats(out, NO);
	}
	return 0;
}
