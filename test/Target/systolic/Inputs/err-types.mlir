// A GEMM on i16 inputs: the array's GEMM capability takes i8.
func.func @types(%A: memref<4x8xi16>, %B: memref<8x4xi8>, %C: memref<4x4xi32>) {
  codelet.gemm %A, %B, %C : memref<4x8xi16>, memref<8x4xi8>, memref<4x4xi32>
  return
}
