// An index on the right that neither the left-hand side nor a reduction binds.
// RUN: not strata-translate --import-pmlang %s 2>&1 | FileCheck %s
main(input float A[3][3], output float y[3]) {
  index i[0:2], j[0:2];
  y[i] = A[i][j];
}
// CHECK: free-rhs-index.pm:5:15: error: index 'j' is not bound here: it is neither on the left-hand side nor reduced over
