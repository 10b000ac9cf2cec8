// RUN: not strata-translate --import-pmlang %s 2>&1 | FileCheck %s
main(input float x[2], output float y[2]) {
  index i[0:4294967296];
}
// CHECK: index-range.pm:3:9: error: index 'i' has a range beyond [-2^31:2^31]
