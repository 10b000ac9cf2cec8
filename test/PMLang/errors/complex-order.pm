// RUN: not strata-translate --import-pmlang %s 2>&1 | FileCheck %s
main(input complex a[3], output bool y[3]) {
  index i[0:2];
  y[i] = a[i] < 1;
}
// CHECK: complex-order.pm:4:15: error: complex values are not ordered: only == and != compare them
