// RUN: not strata-translate --import-pmlang %s 2>&1 | FileCheck %s
main(input fxp16_8 a[3], input fxp32_16 b[3], output fxp32_16 y[3]) {
  index i[0:2];
  y[i] = a[i] + b[i];
}
// CHECK: fxp-mixed.pm:4:15: error: fxp16_8 and fxp32_16 values are mixed; convert one, e.g. fxp16_8(x)
