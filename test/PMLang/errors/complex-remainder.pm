// RUN: not strata-translate --import-pmlang %s 2>&1 | FileCheck %s
main(input complex a[3], output complex y[3]) {
  index i[0:2];
  y[i] = a[i] % 2;
}
// CHECK: complex-remainder.pm:4:15: error: '%' is not defined on complex values
