// RUN: not strata-translate --import-pmlang %s 2>&1 | FileCheck %s
neg(input float a[n], output float c[n]) {
  index i[0:n-1];
  c[i] = -a[i];
}
main(input int x[3], output float y[3]) {
  neg(x, y);
}
// CHECK: arg-type.pm:7:7: error: argument 1 of 'neg' is of type 'int', the parameter 'a' of type 'float'
