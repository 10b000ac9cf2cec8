// RUN: not strata-translate --import-pmlang %s 2>&1 | FileCheck %s
main(input float x[3], output float y[3]) {
  index i[0:2];
  y[i] = x[i / 2];
}
// CHECK: subscript-division.pm:4:14: error: a subscript must be affine in the indices (sums of indices times constants)
