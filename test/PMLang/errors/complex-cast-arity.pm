// RUN: not strata-translate --import-pmlang %s 2>&1 | FileCheck %s
main(input float a[3], output complex y[3]) {
  index i[0:2];
  y[i] = complex(a[i], a[i], 1);
}
// CHECK: complex-cast-arity.pm:4:10: error: a conversion to 'complex' takes one or two arguments (the real and imaginary parts)
