// RUN: not strata-translate --import-pmlang %s 2>&1 | FileCheck %s
f(input float a[2], output float a[2]) {
}
main(input float x[2], output float y[2]) {
}
// CHECK: duplicate-param.pm:2:34: error: parameter 'a' appears twice
