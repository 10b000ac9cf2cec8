// RUN: not strata-translate --import-pmlang %s 2>&1 | FileCheck %s
main(input float x[3], param float k = "two", output float y[3]) {
  index i[0:2];
  y[i] = k * x[i];
}
// CHECK: default-string.pm:2:40: error: the default of 'k' is a string; strings are not supported yet
