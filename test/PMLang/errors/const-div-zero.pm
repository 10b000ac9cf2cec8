// RUN: not strata-translate --import-pmlang %s 2>&1 | FileCheck %s
main(input float x[3], output float y[3]) {
  index i[0:4/0];
}
// CHECK: const-div-zero.pm:3:14: error: division by zero in a constant expression
