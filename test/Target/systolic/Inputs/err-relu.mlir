// A layer of the SIMD unit, which systolic-map does not place yet.
func.func @relu(%A: memref<4x4xi32>, %B: memref<4x4xi32>) {
  codelet.eltwise relu %A, %B : memref<4x4xi32>, memref<4x4xi32>
  return
}
