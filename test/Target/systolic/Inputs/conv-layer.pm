// A convolution layer in PMLang (int: 32-bit, sums wrapping): 3 input
// channels of 8x8, 4 output channels of 3x3 kernels, channels first.
main(input int img[3][8][8], param int k[4][3][3][3], output int out[4][6][6]) {
  index c[0:3], d[0:2], i[0:5], j[0:5], u[0:2], v[0:2];
  out[c][i][j] = sum[d][u][v](img[d][i + u][j + v] * k[c][d][u][v]);
}
