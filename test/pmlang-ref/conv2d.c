/* C reference of examples/pmlang/conv2d.pm (integers: bit-exact, with
 * i32 wrap-around done in unsigned arithmetic). */
#include "ref_io.h"

#include <stdint.h>

#define H 6
#define W 7
#define R 3
#define S 3
#define P 4
#define Q 5

static int32_t add(int32_t a, int32_t b) { return (int32_t)((uint32_t)a + (uint32_t)b); }
static int32_t mul(int32_t a, int32_t b) { return (int32_t)((uint32_t)a * (uint32_t)b); }

int main(int argc, char **argv) {
	int runs = invocations(argc, argv);
	int img[H * W], k[R * S], bias[1], out[P * Q];
	read_ints(img, H * W);
	read_ints(k, R * S);
	read_ints(bias, 1);
	read_ints(out, P * Q);
	for (int run = 0; run < runs; run++) {
		for (int i = 0; i < P; i++)
			for (int j = 0; j < Q; j++) {
				int32_t acc = 0;
				for (int u = 0; u < R; u++)
					for (int v = 0; v < S; v++)
						acc = add(acc, mul(img[(i + u) * W + j + v], k[u * S + v]));
				out[i * Q + j] = add(acc, bias[0]);
			}
		int32_t total = 0;
		for (int i = 0; i < P * Q; i++)
			total = add(total, out[i]);
		bias[0] = add(bias[0], total % 1000);
		print_ints(bias, 1);
		print_ints(out, P * Q);
	}
	return 0;
}
