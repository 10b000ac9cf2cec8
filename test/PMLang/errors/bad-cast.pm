// RUN: not strata-translate --import-pmlang %s 2>&1 | FileCheck %s
main(input float x[3], output float y[3]) {
  index i[0:2];
  y[i] = str(x[i]);
}
// CHECK: bad-cast.pm:4:10: error: cannot convert to 'str'
