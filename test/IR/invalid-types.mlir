// Element types MLIR does not allow in tensors and memrefs (mlir-opt-14
// gives the same messages).  Valid forms: types.mlir.
// RUN: strata-opt %s --split-input-file --verify-diagnostics --allow-unregistered-dialect

// Tensors hold scalars, complex, vectors and non-builtin types.
// expected-error @+1 {{invalid tensor element type}}
"u.op"() : () -> tensor<4xtuple<i32>>

// -----

// expected-error @+1 {{invalid tensor element type}}
"u.op"() : () -> tensor<4xmemref<2xf32>>

// -----

// An opaque type cannot say it may be a memref element, so it may not.
// expected-error @+1 {{invalid memref element type}}
"u.op"() : () -> memref<4x!d.t>

// -----

// expected-error @+1 {{invalid memref element type}}
"u.op"() : () -> memref<4xtuple<>>
