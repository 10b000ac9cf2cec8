// RUN: not strata-translate --import-pmlang %s 2>&1 | FileCheck %s
f(input complex a[n], param complex w, output complex b[n]) {
}
main(input complex x[3], output complex y[3]) {
  f(x, 2, y);
}
// CHECK: complex-literal-param.pm:5:8: error: argument 2 of 'f' must be a variable: a complex param is not given as a literal
