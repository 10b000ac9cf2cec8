// math.exp and math.log on f32 in the Calyx flow (exp-log.test).
func.func @explog(%A: memref<32xf32>, %E: memref<32xf32>, %L: memref<32xf32>) {
  affine.for %i = 0 to 32 {
    %a = affine.load %A[%i] : memref<32xf32>
    %e = math.exp %a : f32
    %l = math.log %a : f32
    affine.store %e, %E[%i] : memref<32xf32>
    affine.store %l, %L[%i] : memref<32xf32>
  }
  return
}
