// A 2-D convolution (deep learning) on integers, with a bias kept as state
// that grows by the output's total each invocation (so the runs differ).
conv2d(input int img[h][w], param int k[r][s], output int out[p][q]) {
  index i[0:p-1], j[0:q-1], u[0:r-1], v[0:s-1];
  out[i][j] = sum[u][v](img[i + u][j + v] * k[u][v]);
}

main(input int img[6][7], param int k[3][3], state int bias[1], output int out[4][5]) {
  index i[0:3], j[0:4], z[0:0];
  DL: conv2d(img, k, out);
  out[i][j] = out[i][j] + bias[0];
  bias[z] = bias[z] + sum[i][j](out[i][j]) % 1000;
}
