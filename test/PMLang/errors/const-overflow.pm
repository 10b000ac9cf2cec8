// RUN: not strata-translate --import-pmlang %s 2>&1 | FileCheck %s
main(input float x[3], output float y[3]) {
  index i[0:9223372036854775807 + 1];
}
// CHECK: const-overflow.pm:3:33: error: constant arithmetic overflows
