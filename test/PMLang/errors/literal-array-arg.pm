// RUN: not strata-translate --import-pmlang %s 2>&1 | FileCheck %s
neg(input float a[n], output float c[n]) {
  index i[0:n-1];
  c[i] = -a[i];
}
main(output float y[3]) {
  neg(1.0, y);
}
// CHECK: literal-array-arg.pm:7:7: error: argument 1 of 'neg' must be a variable: the parameter 'a' is a flow input
