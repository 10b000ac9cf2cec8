// RUN: strata-opt %s --verify-diagnostics
// Errors found once a custom form is read point at its types, as in MLIR.

func.func @f(%a: i32) {
  // expected-error @+1 {{1 operands present, but expected 0}}
  func.call @g(%a) : () -> () }
