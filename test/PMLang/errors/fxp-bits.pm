// RUN: not strata-translate --import-pmlang %s 2>&1 | FileCheck %s
main(input fxp8_9 x[3], output float y[3]) {
}
// CHECK: fxp-bits.pm:2:12: error: fixed-point type 'fxp8_9' needs 1 to 64 bits, at most all of them fractional
