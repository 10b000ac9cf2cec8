// A float dot product: its sum keeps the order of the iterations.
func.func @fdot(%A: memref<64xf32>, %B: memref<64xf32>) -> f32 {
  %zero = arith.constant 0.0 : f32
  %sum = affine.for %i = 0 to 64 iter_args(%acc = %zero) -> (f32) {
    %a = affine.load %A[%i] : memref<64xf32>
    %b = affine.load %B[%i] : memref<64xf32>
    %p = arith.mulf %a, %b : f32
    %n = arith.addf %acc, %p : f32
    affine.yield %n : f32
  }
  return %sum : f32
}
