// RUN: not strata-translate --import-pmlang %s 2>&1 | FileCheck %s
main(input float x[2], output float y[2]) {
  float t[65536][65536];
}
// CHECK: too-large.pm:3:9: error: 't' is too large: arrays hold at most 2^31 elements
