// RUN: not strata-translate --import-pmlang %s 2>&1 | FileCheck %s
add(input float a[n], input float b[n], output float c[n]) {
  index i[0:n-1];
  c[i] = a[i] + b[i];
}
main(input float x[3], input float z[4], output float y[3]) {
  add(x, z, y);
}
// CHECK: shape-conflict.pm:7:10: error: argument 2 of 'add': size 'n' is 4 here but 3 from an earlier argument
