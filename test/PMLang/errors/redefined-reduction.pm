// RUN: not strata-translate --import-pmlang %s 2>&1 | FileCheck %s
reduction r(a, b) = a + b;
reduction r(a, b) = a * b;
main(input float x[2], output float y[2]) {
}
// CHECK: redefined-reduction.pm:3:11: error: redefinition of reduction 'r'
