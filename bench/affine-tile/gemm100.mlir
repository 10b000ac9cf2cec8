func.func @gemm(%A: memref<100x100xf32>, %B: memref<100x100xf32>, %C: memref<100x100xf32>) {
  affine.for %i = 0 to 100 {
    affine.for %j = 0 to 100 {
      affine.for %k = 0 to 100 {
        %a = affine.load %A[%i, %k] : memref<100x100xf32>
        %b = affine.load %B[%k, %j] : memref<100x100xf32>
        %c = affine.load %C[%i, %j] : memref<100x100xf32>
        %p = arith.mulf %a, %b : f32
        %s = arith.addf %c, %p : f32
        affine.store %s, %C[%i, %j] : memref<100x100xf32>
      }
    }
  }
  return
}
