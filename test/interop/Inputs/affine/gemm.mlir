// C += A * B on 8x8 matrices (the suite's gemm).
func.func @gemm(%A: memref<8x6xi32>, %B: memref<6x8xi32>, %C: memref<8x8xi32>) {
  affine.for %i = 0 to 8 {
    affine.for %j = 0 to 8 {
      affine.for %k = 0 to 6 {
        %a = affine.load %A[%i, %k] : memref<8x6xi32>
        %b = affine.load %B[%k, %j] : memref<6x8xi32>
        %c = affine.load %C[%i, %j] : memref<8x8xi32>
        %p = arith.muli %a, %b : i32
        %s = arith.addi %c, %p : i32
        affine.store %s, %C[%i, %j] : memref<8x8xi32>
      }
    }
  }
  return
}
