// An element-wise layer in PMLang: the rectified sum of two tensors.
main(input int a[4][20], input int b[4][20], output int c[4][20]) {
  index i[0:3], j[0:19];
  c[i][j] = max(a[i][j] + b[i][j], 0);
}
