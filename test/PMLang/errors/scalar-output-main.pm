// RUN: not strata-translate --import-pmlang %s 2>&1 | FileCheck %s
main(input float x[3], output float total) {
}
// CHECK: scalar-output-main.pm:2:37: error: main's output 'total' must be an array (write it 'total[1]')
