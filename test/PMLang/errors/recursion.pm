// RUN: not strata-translate --import-pmlang %s 2>&1 | FileCheck %s
loop(input float a[n], output float b[n]) {
  loop(a, b);
}
main(input float x[3], output float y[3]) {
  loop(x, y);
}
// CHECK: recursion.pm:3:3: error: component 'loop' instantiates itself
