// RUN: not strata-translate --import-pmlang %s 2>&1 | FileCheck %s
main(input float x[3], output float y[1]) {
  index z[0:0];
  y[z] = sum[k](x[k]);
}
// CHECK: reduce-not-index.pm:4:14: error: 'k' is not a declared index
