// Outer product of two f32 vectors (Table 4.1: 1024; 64 here).
func.func @outer(%a: memref<64xf32>, %b: memref<64xf32>, %C: memref<64x64xf32>) {
  affine.parallel (%i, %j) = (0, 0) to (64, 64) {
    %x = affine.load %a[%i] : memref<64xf32>
    %y = affine.load %b[%j] : memref<64xf32>
    %p = arith.mulf %x, %y : f32
    affine.store %p, %C[%i, %j] : memref<64x64xf32>
  }
  return
}
