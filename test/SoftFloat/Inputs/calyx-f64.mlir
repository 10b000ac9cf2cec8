// An f64 kernel for the Calyx flow (calyx-f64.test) with scalar f64 and
// f32 arguments and an f64 result: add, mul, div, sub, maximumf, a
// compare choosing between two values, an integer converted to f64,
// floor, f32 <-> f64 (extf, truncf), and a minnumf reduction returned.
func.func @dmix(%A: memref<16xf64>, %B: memref<16xf64>, %k: f64, %h: f32, %C: memref<16xf64>,
                %H: memref<16xf32>) -> f64 {
  %he = arith.extf %h : f32 to f64
  %r = affine.for %i = 0 to 16 iter_args(%acc = %k) -> (f64) {
    %a = affine.load %A[%i] : memref<16xf64>
    %b = affine.load %B[%i] : memref<16xf64>
    %s = arith.addf %a, %b : f64
    %p = arith.mulf %s, %k : f64
    %q = arith.divf %p, %b : f64
    %m = arith.maximumf %q, %a : f64
    %c = arith.cmpf olt, %m, %b : f64
    %sel = arith.select %c, %m, %s : f64
    %ki = arith.index_cast %i : index to i32
    %f = arith.sitofp %ki : i32 to f64
    %o = arith.subf %sel, %f : f64
    %fl = math.floor %o : f64
    %o2 = arith.addf %fl, %he : f64
    affine.store %o2, %C[%i] : memref<16xf64>
    %t = arith.truncf %o : f64 to f32
    affine.store %t, %H[%i] : memref<16xf32>
    %n = arith.minnumf %acc, %q : f64
    affine.yield %n : f64
  }
  return %r : f64
}
