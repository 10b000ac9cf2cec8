// RUN: not strata-translate --import-pmlang %s 2>&1 | FileCheck %s
main(input float x[2], output float y[2]) {
  float t[1][1][1][1][1][1][1][1][1];
}
// CHECK: too-many-dims.pm:3:35: error: more than 8 dimensions
