// RUN: not strata-translate --import-pmlang %s 2>&1 | FileCheck %s
neg(input float a[n], output float c[n]) {
  index i[0:n-1];
  c[i] = -a[i];
}
main(input float x[3][3], output float y[3]) {
  neg(x, y);
}
// CHECK: arg-rank.pm:7:7: error: argument 1 of 'neg' has 2 dimensions, the parameter 'a' 1
