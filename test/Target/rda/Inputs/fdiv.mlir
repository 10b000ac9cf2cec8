// An f32 division, which Inputs/no-fdiv.acg's PCU cannot do.
func.func @k(%A: memref<64xf32>, %B: memref<64xf32>) {
  affine.for %i = 0 to 64 {
    %a = affine.load %A[%i] : memref<64xf32>
    %b = affine.load %B[%i] : memref<64xf32>
    %q = arith.divf %a, %b : f32
    affine.store %q, %B[%i] : memref<64xf32>
  }
  return
}
