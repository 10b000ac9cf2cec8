// RUN: not strata-translate --import-pmlang %s 2>&1 | FileCheck %s
main(input float x[3], output float y[3]) {
  index i[0:2];
  y[i] = x[i * 9223372036854775807 * 2];
}
// CHECK: subscript-overflow.pm:4:36: error: subscript arithmetic overflows
