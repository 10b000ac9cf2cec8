// RUN: not strata-translate --import-pmlang %s 2>&1 | FileCheck %s
main(input float x[3], output float y[3]) {
  index i[0:2];
  float x[3];
}
// CHECK: redeclared.pm:4:9: error: redeclaration of 'x' (first declared at line 2)
