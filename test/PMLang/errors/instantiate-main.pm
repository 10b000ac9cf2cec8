// RUN: not strata-translate --import-pmlang %s 2>&1 | FileCheck %s
main(input float x[3], output float y[3]) {
  main(x, y);
}
// CHECK: instantiate-main.pm:3:3: error: 'main' cannot be instantiated
