// RUN: not strata-translate --import-pmlang %s 2>&1 | FileCheck %s
main(input complex a[3], output float y[3]) {
  index i[0:2];
  y[i] = a[i] * 2;
}
// CHECK: complex-to-float.pm:4:15: error: a complex value cannot become a float; take real(), imag() or abs() of it
