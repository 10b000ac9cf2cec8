// RUN: not strata-translate --import-pmlang %s 2>&1 | FileCheck %s
main(input float x[3], output float y[3]) {
  index i[2:1];
}
// CHECK: empty-range.pm:3:9: error: index 'i' has an empty range [2:1]
