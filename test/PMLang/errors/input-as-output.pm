// RUN: not strata-translate --import-pmlang %s 2>&1 | FileCheck %s
neg(input float a[n], output float c[n]) {
  index i[0:n-1];
  c[i] = -a[i];
}
main(input float x[3], output float y[3]) {
  neg(y, x);
}
// CHECK: input-as-output.pm:7:10: error: cannot pass input 'x' as the output argument 2 of 'neg'
