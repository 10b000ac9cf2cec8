// RUN: not strata-translate --import-pmlang %s 2>&1 | FileCheck %s
main(input complex a[3], output complex y[1]) {
  index i[0:2], z[0:0];
  y[z] = prod[i](a[i]);
}
// CHECK: complex-prod.pm:4:10: error: only sum reduces complex values
