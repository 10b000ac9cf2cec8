// RUN: not strata-translate --import-pmlang %s 2>&1 | FileCheck %s
f(input float a[n], output float b[n]) {
  n = 3;
}
main(input float x[3], output float y[3]) {
  f(x, y);
}
// CHECK: assign-size.pm:3:3: error: cannot assign to size 'n'
