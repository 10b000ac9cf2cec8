// RUN: not strata-translate --import-pmlang %s 2>&1 | FileCheck %s
main(input float x[3], param int n, output float y[3]) {
  index i[0:n];
}
// CHECK: nonconst-bound.pm:3:13: error: 'n' is not a constant integer here (sizes, index bounds and subscript factors are)
