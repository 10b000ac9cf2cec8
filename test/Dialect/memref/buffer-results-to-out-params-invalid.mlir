// buffer-results-to-out-params cannot allocate an out-parameter of dynamic
// shape for the callers.
// RUN: strata-opt %s --buffer-results-to-out-params --verify-diagnostics

// expected-error @+1 {{'func.func' op buffer-results-to-out-params: result #0 is neither an argument nor a memref of static shape and identity layout (its out-parameter could not be allocated)}}
func.func @f(%n: index) -> memref<?xi32> {
  %m = memref.alloc(%n) : memref<?xi32>
  return %m : memref<?xi32>
}
