// RUN: not strata-translate --import-pmlang %s 2>&1 | FileCheck %s
main(input float x[3], output float y[3]) {
  index i[0:2];
  y[i] = x[i] @ 2;
}
// CHECK: bad-char.pm:4:15: error: unexpected character '@'
