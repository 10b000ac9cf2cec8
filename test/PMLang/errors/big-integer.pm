// RUN: not strata-translate --import-pmlang %s 2>&1 | FileCheck %s
main(input float x[2], output float y[2]) {
  index i[0:1];
  y[i] = 18446744073709551616;
}
// CHECK: big-integer.pm:4:10: error: integer '18446744073709551616' does not fit in 64 bits
