// RUN: strata-opt %s --verify-diagnostics
// MLIR rejects this too (mlir-opt-14 gives the message below).

module {
  // expected-error @+1 {{'builtin.module' op region should have no arguments}}
  "builtin.module"() ({
  ^bb0(%a: i32):
  }) : () -> ()
}
