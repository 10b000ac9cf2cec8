// RUN: not strata-translate --import-pmlang %s 2>&1 | FileCheck %s
f(input float a[n], output float b[n], param int mode) {
}
main(input float x[3], output float y[3]) {
  f(x, y, "csv");
}
// CHECK: string-arg.pm:5:11: error: argument 3 of 'f' is a string; strings are not supported yet
