// RUN: not strata-translate --import-pmlang %s 2>&1 | FileCheck %s
main(input float x[3], output float y[3]) {
  RBT: mystery(x, y);
}
// CHECK: unknown-component.pm:3:8: error: unknown component 'mystery'
