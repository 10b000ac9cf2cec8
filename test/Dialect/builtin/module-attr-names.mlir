// RUN: strata-opt %s --verify-diagnostics
// MLIR rejects this too (mlir-opt-14 gives the message below).

// expected-error @+1 {{'builtin.module' op can only contain attributes with dialect-prefixed names, found: 'baz'}}
module attributes {baz} {
}
