// RUN: not strata-translate --import-pmlang %s 2>&1 | FileCheck %s
main(input float x[3], output float y[1]) {
  index i[0:1], z[0:0];
  y[z] = sum[i+1](x[i]);
}
// CHECK: reduce-subscript.pm:4:14: error: a reduction's subscripts name the indices it reduces over
