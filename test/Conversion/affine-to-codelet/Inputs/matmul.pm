// A matrix product in PMLang (i32): a GEMM once raised.
main(input int a[3][5], input int b[5][4], output int c[3][4]) {
  index i[0:2], j[0:3], k[0:4];
  c[i][j] = sum[k](a[i][k] * b[k][j]);
}
