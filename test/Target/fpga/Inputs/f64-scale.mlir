// An f64 kernel (issue 23: scalar f64 arguments): x[i] *= s.  The FPGA
// target has no soft f64 (f32 only), so it is refused naming f64
// (test/Target/fpga/f64-refused.test).
func.func @scale(%x: memref<4xf64>, %s: f64) {
  affine.for %i = 0 to 4 {
    %v = affine.load %x[%i] : memref<4xf64>
    %m = arith.mulf %v, %s : f64
    affine.store %m, %x[%i] : memref<4xf64>
  }
  return
}
