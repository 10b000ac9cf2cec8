// RUN: not strata-translate --import-pmlang %s 2>&1 | FileCheck %s
main(input fxp16_8 a[3], output fxp16_8 y[3]) {
  index i[0:2];
  y[i] = a[i] % 2;
}
// CHECK: fxp-remainder.pm:4:15: error: '%' is not defined on fixed-point values
