// RUN: not strata-translate --import-pmlang %s 2>&1 | FileCheck %s
main(input float x[3], output float y[3]) {
  index i[0:2];
  y[i] = x[i: i > 0];
}
// CHECK: filter-outside.pm:4:12: error: an index filter ':' is only allowed in a reduction's subscripts
