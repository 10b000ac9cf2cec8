// RUN: not strata-translate --import-pmlang %s 2>&1 | FileCheck %s
main(input float x[n], output float y[3]) {
}
// CHECK: symbolic-main.pm:2:20: error: the sizes of main's parameters must be numbers, not 'n'
