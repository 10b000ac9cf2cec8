// RUN: not strata-translate --import-pmlang %s 2>&1 | FileCheck %s
main(input float x[2], output float y[2]) {
  f(x, "csv);
}
// CHECK: unterminated-string.pm:3:8: error: unterminated string
