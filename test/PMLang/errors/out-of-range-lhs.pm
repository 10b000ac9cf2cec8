// RUN: not strata-translate --import-pmlang %s 2>&1 | FileCheck %s
main(input float x[4], output float y[4]) {
  index i[0:3];
  y[2*i] = x[i];
}
// CHECK: out-of-range-lhs.pm:4:5: error: subscript 0 of 'y' is out of range: it is {{[4-6]}} at i = {{[2-3]}} in [0:3], outside [0:3]
