// RUN: not strata-translate --import-pmlang %s 2>&1 | FileCheck %s
main(input float x[3][3], output int y[1]) {
  index i[0:2], j[0:2], z[0:0];
  y[z] = argmax[i][j](x[i][j]);
}
// CHECK: argmax.pm:4:10: error: 'argmax' reduces over exactly one index
