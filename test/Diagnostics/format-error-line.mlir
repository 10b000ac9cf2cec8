// RUN: strata-opt %s --split-input-file --verify-diagnostics
// Errors found once a custom form is read point at its types, as in MLIR.

func.func @f() {
  // expected-error @+1 {{expected a function type}}
  func.call @g() : i32
  return
}

// -----

func.func @f(%a: i32) {
  // expected-error @+1 {{2 operands present, but expected 1}}
  return %a, %a : i32
}
