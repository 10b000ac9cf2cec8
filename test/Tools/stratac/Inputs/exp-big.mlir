// Impossible on small-fpga.acg in three ways: a float exp (twice), a 64-bit
// multiplication where the target multiplies 32 bits, and two memories
// larger than its only one.
func.func @expbig(%x: memref<4096xf32>, %y: memref<4096xf32>, %n: memref<16xi64>) {
  affine.for %i = 0 to 4096 {
    %v = affine.load %x[%i] : memref<4096xf32>
    %e = math.exp %v : f32
    %e2 = math.exp %e : f32
    affine.store %e2, %y[%i] : memref<4096xf32>
  }
  affine.for %j = 0 to 16 {
    %a = affine.load %n[%j] : memref<16xi64>
    %b = arith.muli %a, %a : i64
    affine.store %b, %n[%j] : memref<16xi64>
  }
  return
}
