// RUN: not strata-translate --import-pmlang %s 2>&1 | FileCheck %s
reduction r(a, a) = a + a;
main(input float x[2], output float y[2]) {
}
// CHECK: reduction-operands.pm:2:11: error: the operands of reduction 'r' need two different names
