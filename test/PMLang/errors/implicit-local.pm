// An undeclared array is made by assignment only with plain index subscripts.
// RUN: not strata-translate --import-pmlang %s 2>&1 | FileCheck %s
main(input float x[3], output float y[3]) {
  index i[0:2];
  t[i + 1] = x[i];
}
// CHECK: implicit-local.pm:5:5: error: 't' is not declared; an undeclared array can only be assigned with plain indices starting at 0 or above as subscripts
