// Layers of the SIMD unit the systolic target refuses, or refuses on a
// machine lacking what they need (simd-errors.test).
func.func @alias(%I: memref<1x4x4x4xi8>) {
  codelet.pool max %I, %I {window = array<i64: 1, 1>} : memref<1x4x4x4xi8>, memref<1x4x4x4xi8>
  return
}

func.func @scalar(%A: memref<i32>, %B: memref<i32>) {
  codelet.eltwise relu %A, %B : memref<i32>, memref<i32>
  return
}

func.func @maxpool(%I: memref<1x8x8x4xi8>, %O: memref<1x4x4x4xi8>) {
  codelet.pool max %I, %O {window = array<i64: 2, 2>, strides = array<i64: 2, 2>} : memref<1x8x8x4xi8>, memref<1x4x4x4xi8>
  return
}

func.func @imm(%A: memref<4x4xi32>, %B: memref<4x4xi32>) {
  codelet.eltwise add %A, %B {imm = 5} : memref<4x4xi32>, memref<4x4xi32>
  return
}

func.func @requant(%X: memref<4x4xi32>, %Q: memref<4x4xi8>) {
  codelet.requant %X, %Q {scale = 3, shift = 2} : memref<4x4xi32>, memref<4x4xi8>
  return
}

// A GEMM on i32 operands (the SIMD unit's) writing its own input.
func.func @galias(%A: memref<4x4xi32>, %B: memref<4x4xi32>) {
  codelet.gemm %A, %B, %A : memref<4x4xi32>, memref<4x4xi32>, memref<4x4xi32>
  return
}

// A GEMM on i32 operands: the SIMD unit's multiply-accumulates.
func.func @gemm32(%A: memref<4x8xi32>, %B: memref<8x4xi32>, %C: memref<4x4xi32>) {
  codelet.gemm %A, %B, %C : memref<4x8xi32>, memref<8x4xi32>, memref<4x4xi32>
  return
}
