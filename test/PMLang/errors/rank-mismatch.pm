// RUN: not strata-translate --import-pmlang %s 2>&1 | FileCheck %s
main(input float x[3][2], output float y[3]) {
  index i[0:2];
  y[i] = x[i];
}
// CHECK: rank-mismatch.pm:4:10: error: 'x' needs 2 subscripts
