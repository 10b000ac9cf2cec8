// RUN: not strata-translate --import-pmlang %s 2>&1 | FileCheck %s
f(input float a[2], output float b[2]) {
}
main(input float x[2], output float y[2]) {
  index i[0:1];
  y[i] = f(x[i]);
}
// CHECK: component-in-expr.pm:6:10: error: component 'f' cannot be used in an expression; instantiate it as a statement
