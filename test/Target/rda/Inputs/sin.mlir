// math.sin: no capability of the rda datapath computes it.
func.func @k(%A: memref<64xf32>, %B: memref<64xf32>) {
  affine.for %i = 0 to 64 {
    %a = affine.load %A[%i] : memref<64xf32>
    %s = math.sin %a : f32
    affine.store %s, %B[%i] : memref<64xf32>
  }
  return
}
