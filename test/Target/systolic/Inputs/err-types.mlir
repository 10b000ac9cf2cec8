// A convolution on i16 inputs: the array's GEMM capability takes i8, so it
// needs the SIMD unit's MACC (stratac-errors.test removes it).
func.func @types(%I: memref<1x6x6x4xi16>, %W: memref<3x3x4x8xi8>, %O: memref<1x4x4x8xi32>) {
  codelet.conv2d %I, %W, %O : memref<1x6x6x4xi16>, memref<3x3x4x8xi8>, memref<1x4x4x8xi32>
  return
}
