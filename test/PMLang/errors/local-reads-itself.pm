// RUN: not strata-translate --import-pmlang %s 2>&1 | FileCheck %s --strict-whitespace
// A new array read in its own defining statement has no value to read
// (found by the pm fuzz harness: the element type was taken from the
// right-hand side, which already saw the half-declared array).
main(input float y[2], output float o[2]) {
  index k[0:1];
  s[k] = s[k] + y[k];
  o[k] = s[k];
}
// CHECK: local-reads-itself.pm:7:10: error: 's' is read in the statement that declares it, before it has a value
// CHECK-NEXT: {{^}}  s[k] = s[k] + y[k];
// CHECK-NEXT: {{^}}         ^
