// The filter j != i does not keep j + 1 inside A's columns.
// RUN: not strata-translate --import-pmlang %s 2>&1 | FileCheck %s
main(input float A[3][3], output float r[1]) {
  index i[0:2], j[0:2], z[0:0];
  r[z] = sum[i][j: j != i](A[i][j + 1]);
}
// CHECK: out-of-range-filter.pm:5:33: error: subscript 1 of 'A' is out of range: it is 3 at z = 0 in [0:0], i = {{[01]}} in [0:2], j = 2 in [0:2], outside [0:2]
