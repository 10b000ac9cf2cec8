// C = A * B in f32 (Table 4.1: 256 x 256 x 256; 32 here).  Each C element
// sums its products in k order, as the interpreter does.
func.func @gemm(%A: memref<32x32xf32>, %B: memref<32x32xf32>, %C: memref<32x32xf32>) {
  %zero = arith.constant 0.0 : f32
  affine.for %i = 0 to 32 {
    affine.for %j = 0 to 32 {
      %s = affine.for %k = 0 to 32 iter_args(%acc = %zero) -> (f32) {
        %a = affine.load %A[%i, %k] : memref<32x32xf32>
        %b = affine.load %B[%k, %j] : memref<32x32xf32>
        %p = arith.mulf %a, %b : f32
        %n = arith.addf %acc, %p : f32
        affine.yield %n : f32
      }
      affine.store %s, %C[%i, %j] : memref<32x32xf32>
    }
  }
  return
}
