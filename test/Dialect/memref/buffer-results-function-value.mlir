// A function used as a value (func.constant) keeps its type wherever the
// value flows, so buffer-results-to-out-params refuses to change its
// signature instead of leaving the reference with the old type.
// RUN: strata-opt %s --buffer-results-to-out-params --verify-diagnostics

func.func @f(%a: memref<4xi32>) -> memref<4xi32> {
  return %a : memref<4xi32>
}

func.func @g() -> ((memref<4xi32>) -> memref<4xi32>) {
  // expected-error @+1 {{'func.constant' op buffer-results-to-out-params: @f is used as a function value, but its memref results would become out-parameters}}
  %f = func.constant @f : (memref<4xi32>) -> memref<4xi32>
  return %f : (memref<4xi32>) -> memref<4xi32>
}
