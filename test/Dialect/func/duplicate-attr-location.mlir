// RUN: strata-opt %s --split-input-file --verify-diagnostics
// An attribute a custom parser already set (func.func sets sym_visibility
// from `private`) and the dictionary repeats is reported at the op, as MLIR
// reports it.

// expected-error @+1 {{attribute 'sym_visibility' occurs more than once in the attribute list}}
func.func private @f() attributes {sym_visibility = "nested"}
func.func private @g()
