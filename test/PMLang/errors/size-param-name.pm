// RUN: not strata-translate --import-pmlang %s 2>&1 | FileCheck %s
f(param int n, input float a[n], output float b[3]) {
}
main(input float x[3], output float y[3]) {
  f(2, x, y);
}
// CHECK: size-param-name.pm:2:30: error: size 'n' has the name of a parameter
