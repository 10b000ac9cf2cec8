// An image scaled by a scalar f32 gain (issue 23: scalar float kernel
// arguments through both flows; test/Target/fpga/scalar-flows.test).
func.func @gain(%input: memref<8x8xf32>, %s: f32, %output: memref<8x8xf32>) attributes {accel.kernel} {
  affine.for %y = 0 to 8 {
    affine.for %x = 0 to 8 {
      %v = affine.load %input[%y, %x] : memref<8x8xf32>
      %m = arith.mulf %v, %s : f32
      affine.store %m, %output[%y, %x] : memref<8x8xf32>
    }
  }
  return
}
