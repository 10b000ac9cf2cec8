// RUN: not strata-translate --import-pmlang %s 2>&1 | FileCheck %s
main(input float x[3], output float y[3]) {
  float t[3][0];
}
// CHECK: bad-dimension.pm:3:14: error: dimension of 't' must be positive, not 0
