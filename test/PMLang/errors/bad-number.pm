// RUN: not strata-translate --import-pmlang %s 2>&1 | FileCheck %s
main(input float x[2], output float y[2]) {
  index i[0:1];
  y[i] = 12abc;
}
// CHECK: bad-number.pm:4:10: error: invalid number '12abc'
