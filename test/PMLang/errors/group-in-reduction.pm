// RUN: not strata-translate --import-pmlang %s 2>&1 | FileCheck %s
reduction odd(a, b) = a + sum[a](b);
main(input float x[3], output float y[1]) {
  index i[0:2], z[0:0];
  y[z] = odd[i](x[i]);
}
// CHECK: group-in-reduction.pm:2:27: error: a reduction's expression cannot contain a group operation
