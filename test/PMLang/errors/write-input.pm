// RUN: not strata-translate --import-pmlang %s 2>&1 | FileCheck %s
main(input float x[3], output float y[3]) {
  index i[0:2];
  x[i] = 1.0;
}
// CHECK: write-input.pm:4:3: error: cannot write to input 'x'
