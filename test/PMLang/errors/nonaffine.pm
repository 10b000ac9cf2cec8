// RUN: not strata-translate --import-pmlang %s 2>&1 | FileCheck %s
main(input float x[9], output float y[3]) {
  index i[0:2];
  y[i] = x[i*i];
}
// CHECK: nonaffine.pm:4:13: error: a subscript must be affine in the indices: a product of two indices
