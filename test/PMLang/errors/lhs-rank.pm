// RUN: not strata-translate --import-pmlang %s 2>&1 | FileCheck %s
main(input float x[3], output float y[3][3]) {
  index i[0:2];
  y[i] = x[i];
}
// CHECK: lhs-rank.pm:4:3: error: 'y' has 2 dimensions, assigned with 1 subscript
