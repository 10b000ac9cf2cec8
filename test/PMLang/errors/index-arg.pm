// RUN: not strata-translate --import-pmlang %s 2>&1 | FileCheck %s
f(input float a[n], output float b[n]) {
}
main(input float x[3], output float y[3]) {
  index i[0:2];
  f(i, y);
}
// CHECK: index-arg.pm:6:5: error: argument 1 of 'f' must be a variable, not the index 'i'
