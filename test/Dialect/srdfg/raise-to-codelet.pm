// srdfg-raise-to-codelet marks the instances a codelet op will replace, by
// the shape of their graph: matmul, conv (a sliding window) and elementwise;
// other nodes are searched inside.
// RUN: strata-translate --import-pmlang %s | strata-opt --srdfg-raise-to-codelet | FileCheck %s

mv(input float A[m][n], input float x[n], output float y[m]) {
  index i[0:n-1], j[0:m-1];
  y[j] = sum[i](A[j][i] * x[i]);
}
conv(input float img[h][w], param float k[r][s], output float out[p][q]) {
  index i[0:p-1], j[0:q-1], u[0:r-1], v[0:s-1];
  out[i][j] = sum[u][v](img[i + u][j + v] * k[u][v]);
}
relu_all(input float a[n], output float b[n]) {
  index i[0:n-1];
  b[i] = relu(a[i]);
}
outer(input float A[m][n], input float x[n], output float y[m]) {
  index j[0:m-1];
  float t[m];
  mv(A, x, t);
  y[j] = t[j] + 1.0;
}

main(input float A[2][3], input float x[3], input float img[4][4], param float k[2][2],
     output float y[2], output float c[3][3], output float z[2]) {
// CHECK: srdfg.node "mv"{{.*}}codelet = "matmul"
  mv(A, x, y);
// CHECK: srdfg.node "conv"{{.*}}codelet = "conv"
  conv(img, k, c);
// CHECK: srdfg.node "relu_all"{{.*}}codelet = "elementwise"
  relu_all(y, z);
// CHECK: srdfg.node "outer"(
// CHECK-NOT: codelet
// CHECK-SAME: {
// CHECK: srdfg.node "mv"{{.*}}codelet = "matmul"
  outer(A, x, z);
}
