// An f32 kernel: the Calyx flow takes it through arith-soft-float; in f64
// lower-to-calyx refuses it (test/Target/fpga/pipeline.test).
func.func @fadd(%A: memref<4xf32>, %B: memref<4xf32>) {
  affine.for %i = 0 to 4 {
    %a = affine.load %A[%i] : memref<4xf32>
    %s = arith.addf %a, %a : f32
    affine.store %s, %B[%i] : memref<4xf32>
  }
  return
}
