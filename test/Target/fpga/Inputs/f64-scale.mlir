// An f64 kernel (issue 23: scalar f64 arguments): x[i] *= s; with its
// multiply made a square root, what soft float has on f32 only
// (test/Target/fpga/f64-refused.test).
func.func @scale(%x: memref<4xf64>, %s: f64) {
  affine.for %i = 0 to 4 {
    %v = affine.load %x[%i] : memref<4xf64>
    %m = arith.mulf %v, %s : f64
    affine.store %m, %x[%i] : memref<4xf64>
  }
  return
}
