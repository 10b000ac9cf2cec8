// RUN: not strata-translate --import-pmlang %s 2>&1 | FileCheck %s
f(input float a[4], output float b[4]) {
}
main(input float x[3], output float y[3]) {
  f(x, y);
}
// CHECK: fixed-dimension.pm:5:5: error: argument 1 of 'f': dimension 0 is 3, the parameter 'a' needs 4
