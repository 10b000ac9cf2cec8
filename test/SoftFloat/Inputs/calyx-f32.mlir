// An f32 kernel for the Calyx flow (calyx-f32.test): add, mul, div, max,
// a compare choosing between two values, an integer converted to f32.
func.func @fmix(%A: memref<32xf32>, %B: memref<32xf32>, %C: memref<32xf32>) {
  affine.for %i = 0 to 32 {
    %a = affine.load %A[%i] : memref<32xf32>
    %b = affine.load %B[%i] : memref<32xf32>
    %s = arith.addf %a, %b : f32
    %p = arith.mulf %s, %a : f32
    %q = arith.divf %p, %b : f32
    %m = arith.maximumf %q, %a : f32
    %c = arith.cmpf olt, %m, %b : f32
    %r = arith.select %c, %m, %s : f32
    %k = arith.index_cast %i : index to i32
    %f = arith.sitofp %k : i32 to f32
    %o = arith.subf %r, %f : f32
    affine.store %o, %C[%i] : memref<32xf32>
  }
  return
}
