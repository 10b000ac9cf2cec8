// RUN: not strata-translate --import-pmlang %s 2>&1 | FileCheck %s
main(param float w[3], output float y[3]) {
  index i[0:2];
  w[i] = 0.0;
}
// CHECK: write-param.pm:4:3: error: cannot write to param 'w'
