// RUN: not strata-translate --import-pmlang %s 2>&1 | FileCheck %s
copy(input float a[n], output float b[n]) {
  index i[0:n-1];
  b[i] = a[i];
}
main(input float x[3], output float y[3]) {
  copy(x);
}
// CHECK: arity.pm:7:3: error: 'copy' takes 2 arguments, 1 given
