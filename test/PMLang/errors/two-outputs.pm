// RUN: not strata-translate --import-pmlang %s 2>&1 | FileCheck %s
split(input float a[n], output float b[n], output float c[n]) {
  index i[0:n-1];
  b[i] = a[i];
  c[i] = a[i];
}
main(input float x[3], output float y[3]) {
  split(x, y, y);
}
// CHECK: two-outputs.pm:8:15: error: 'y' is passed to more than one output or state argument of 'split'
