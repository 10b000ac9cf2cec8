// RUN: not strata-translate --import-pmlang %s 2>&1 | FileCheck %s
main(input float x[0], output float y[3]) {
}
// CHECK: main-dimension.pm:2:20: error: dimension of 'x' must be positive, not 0
