// RUN: not strata-translate --import-pmlang %s 2>&1 | FileCheck %s
main(input complex a[3], output complex y[3]) {
  index i[0:2];
  y[i] = max(a[i], 1);
}
// CHECK: complex-max.pm:4:10: error: complex values are not ordered: 'max' does not take them
