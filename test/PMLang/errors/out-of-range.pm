// A subscript leaving its dimension is reported with the index values that
// reach outside (found by isl).
// RUN: not strata-translate --import-pmlang %s 2>&1 | FileCheck %s
main(input float x[4], output float y[4]) {
  index i[0:3];
  y[i] = x[i + 1];
}
// CHECK: out-of-range.pm:6:12: error: subscript 0 of 'x' is out of range: it is 4 at i = 3 in [0:3], outside [0:3]
