// Dot product of two 64-element vectors; the sum is carried in iter_args and
// stored to R[0].
func.func @dot(%A: memref<64xi32> {calyx.name = "A"}, %B: memref<64xi32> {calyx.name = "B"},
               %R: memref<1xi32> {calyx.name = "R"}) {
  %zero = arith.constant 0 : i32
  %sum = affine.for %i = 0 to 64 iter_args(%acc = %zero) -> (i32) {
    %a = affine.load %A[%i] : memref<64xi32>
    %b = affine.load %B[%i] : memref<64xi32>
    %p = arith.muli %a, %b : i32
    %n = arith.addi %acc, %p : i32
    affine.yield %n : i32
  }
  affine.store %sum, %R[0] : memref<1xi32>
  return
}
