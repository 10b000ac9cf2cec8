// A float sum and a running maximum carried by one loop's iter_args,
// beside an integer count of the positive words (calyx-f32-sum.test).
func.func @fsum(%A: memref<32xf32>, %S: memref<1xf32>, %M: memref<1xf32>, %N: memref<1xi32>) {
  %z = arith.constant 0.0 : f32
  %ninf = arith.constant 0xFF800000 : f32
  %c0 = arith.constant 0 : i32
  %c1 = arith.constant 1 : i32
  %r:3 = affine.for %i = 0 to 32 iter_args(%acc = %z, %n = %c0, %mx = %ninf) -> (f32, i32, f32) {
    %a = affine.load %A[%i] : memref<32xf32>
    %s = arith.addf %acc, %a : f32
    %p = arith.cmpf ogt, %a, %z : f32
    %k = arith.select %p, %c1, %c0 : i32
    %n2 = arith.addi %n, %k : i32
    %m = arith.maximumf %mx, %a : f32
    affine.yield %s, %n2, %m : f32, i32, f32
  }
  affine.store %r#0, %S[0] : memref<1xf32>
  affine.store %r#2, %M[0] : memref<1xf32>
  affine.store %r#1, %N[0] : memref<1xi32>
  return
}
