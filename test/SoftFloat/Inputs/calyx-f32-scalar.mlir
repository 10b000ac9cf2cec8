// f32 scalars at a kernel's boundary (calyx-f32-scalar.test): a scalar
// argument scales every element, the scaled sum is returned, and the
// scalar `b` keeps its default unless given.
func.func @dot(%a: f32, %X: memref<8xf32>, %b: f32 {func.default = 0.5 : f32}) -> f32 {
  %r = affine.for %i = 0 to 8 iter_args(%acc = %b) -> (f32) {
    %x = affine.load %X[%i] : memref<8xf32>
    %ax = arith.mulf %a, %x : f32
    %s = arith.addf %acc, %ax : f32
    affine.yield %s : f32
  }
  return %r : f32
}
