// Dense literals whose shape is not the type's: MLIR's message shows both
// shapes and points at the colon (mlir-opt-14 agrees on each).
// RUN: strata-opt %s --split-input-file --verify-diagnostics --allow-unregistered-dialect

// expected-error @+1 {{inferred shape of elements literal ([2]) does not match type ([3])}}
"u.op"() {a = dense<[1, 2]> : tensor<3xi32>} : () -> ()

// -----

// expected-error @+1 {{inferred shape of elements literal ([1, 2]) does not match type ([2, 2])}}
"u.op"() {a = dense<[[1, 2]]> : tensor<2x2xi32>} : () -> ()

// -----

// expected-error @+1 {{inferred shape of elements literal ([2, 1]) does not match type ([2])}}
"u.op"() {a = dense<[[1], [2]]> : vector<2xi32>} : () -> ()
