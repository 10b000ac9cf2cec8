// Scalar f64, i32 and f32 arguments of a stream kernel (issue 23;
// test/Target/fpga/scalar-flows.test): out = in * k + n, at least h; the
// stream design holds each scalar it reads in an input port the host sets
// before the run; %unused is read by no stage, so it has no port.
func.func @gain64(%input: memref<8x8xf64>, %k: f64, %n: i32, %unused: i32, %h: f32,
                  %output: memref<8x8xf64>) attributes {accel.kernel} {
  affine.for %y = 0 to 8 {
    affine.for %x = 0 to 8 {
      %v = affine.load %input[%y, %x] : memref<8x8xf64>
      %m = arith.mulf %v, %k : f64
      %nf = arith.sitofp %n : i32 to f64
      %a = arith.addf %m, %nf : f64
      %he = arith.extf %h : f32 to f64
      %r = arith.maximumf %a, %he : f64
      affine.store %r, %output[%y, %x] : memref<8x8xf64>
    }
  }
  return
}
