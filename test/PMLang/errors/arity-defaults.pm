// RUN: not strata-translate --import-pmlang %s 2>&1 | FileCheck %s
scale(input float a[n], output float b[n], param float k = 2.0) {
  index i[0:n-1];
  b[i] = k * a[i];
}
main(input float x[3], output float y[3]) {
  scale(x, y, 1.0, 2.0);
}
// CHECK: arity-defaults.pm:7:3: error: 'scale' takes 2 to 3 arguments, 4 given
