// RUN: not strata-translate --import-pmlang %s 2>&1 | FileCheck %s
f(input float a[2], output float b[2]) {
}
f(input float a[2], output float b[2]) {
}
main(input float x[2], output float y[2]) {
}
// CHECK: redefined-component.pm:4:1: error: redefinition of component 'f' (first defined at line 2)
