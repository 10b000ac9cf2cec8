// RUN: strata-opt %s --verify-diagnostics
// MLIR rejects this too (mlir-opt-14 gives the message below).

module {
  // expected-error @+1 {{'builtin.module' op Operations with a 'SymbolTable' must have exactly one block}}
  "builtin.module"() ({
  }) : () -> ()
}
