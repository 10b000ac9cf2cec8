// Sizes and index bounds are constant integer expressions.
// RUN: not strata-translate --import-pmlang %s 2>&1 | FileCheck %s
main(input float x[3], output float y[3]) {
  index i[0:2 < 3];
}
// CHECK: const-expr.pm:4:15: error: expected a constant integer expression
