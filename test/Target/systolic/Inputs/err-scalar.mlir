// A kernel with a scalar argument: the host exchanges only tensors.
func.func @scalar(%A: memref<4x8xi8>, %B: memref<8x4xi8>, %C: memref<4x4xi32>, %n: i32) {
  codelet.gemm %A, %B, %C : memref<4x8xi8>, memref<8x4xi8>, memref<4x4xi32>
  return
}
