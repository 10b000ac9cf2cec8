// RUN: not strata-translate --import-pmlang %s 2>&1 | FileCheck %s
main(input fxp48_16 a[3], output float y[3]) {
}
// CHECK: fxp-wide.pm:2:21: error: fixed-point arithmetic needs at most 32 bits and fewer than 32 fractional ones, not fxp48_16
