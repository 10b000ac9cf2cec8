// Nested loops carrying f32 (calyx-f32-nested.test): each row subtracts
// its squares from the row before's result negated (an outer iter_arg as
// the inner loop's init), each row's result is stored, and the square root
// of the last one's magnitude.
func.func @fnest(%A: memref<4x8xf32>, %R: memref<4xf32>, %T: memref<1xf32>) {
  %z = arith.constant 0.0 : f32
  %t = affine.for %r = 0 to 4 iter_args(%tot = %z) -> f32 {
    %s = affine.for %c = 0 to 8 iter_args(%acc = %tot) -> f32 {
      %a = affine.load %A[%r, %c] : memref<4x8xf32>
      %x = arith.mulf %a, %a : f32
      %y = arith.subf %acc, %x : f32
      affine.yield %y : f32
    }
    affine.store %s, %R[%r] : memref<4xf32>
    %n = arith.negf %s : f32
    affine.yield %n : f32
  }
  %nt = arith.negf %t : f32
  %abs = arith.maximumf %t, %nt : f32
  %q = math.sqrt %abs : f32
  affine.store %q, %T[0] : memref<1xf32>
  return
}
