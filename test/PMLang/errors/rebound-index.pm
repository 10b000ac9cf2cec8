// RUN: not strata-translate --import-pmlang %s 2>&1 | FileCheck %s
main(input float A[3][3], output float y[3]) {
  index i[0:2];
  y[i] = sum[i](A[i][i]);
}
// CHECK: rebound-index.pm:4:14: error: index 'i' is already bound here
