// RUN: not strata-translate --import-pmlang %s 2>&1 | FileCheck %s
main(input float x[3], output float y[1]) {
  index i[0:2], z[0:0];
  y[z] = avg[i](x[i]);
}
// CHECK: not-reduction.pm:4:10: error: 'avg' is not a reduction (sum, prod, max, min, argmax, argmin or a 'reduction' definition)
