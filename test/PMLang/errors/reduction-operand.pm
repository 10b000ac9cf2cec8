// A reduction's expression sees only its two operands.
// RUN: not strata-translate --import-pmlang %s 2>&1 | FileCheck %s
reduction pick(a, b) = a < c ? a : b;
main(input float x[3], output float y[1]) {
  index i[0:2], z[0:0];
  y[z] = pick[i](x[i]);
}
// CHECK: reduction-operand.pm:3:28: error: a reduction's expression can only use its two operands, not 'c'
