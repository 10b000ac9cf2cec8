// RUN: not strata-translate --import-pmlang %s 2>&1 | FileCheck %s
f(input float a[n], output float b[n]) {
  index i[0:n-1];
  b[i] = n[0];
}
main(input float x[3], output float y[3]) {
  f(x, y);
}
// CHECK: subscripted-size.pm:4:10: error: size 'n' cannot be subscripted
