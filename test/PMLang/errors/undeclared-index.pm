// An index that is never declared.
// RUN: not strata-translate --import-pmlang %s 2>&1 | FileCheck %s
main(input float x[3], output float y[3]) {
  index i[0:2];
  y[i] = x[j];
}
// CHECK: undeclared-index.pm:5:12: error: use of undeclared name 'j'
// CHECK-NEXT: {{^}}  y[i] = x[j];
// CHECK-NEXT: {{^}}           ^
