// Nested calls: B[i] = poly(A[i]) where poly(x) = square(x) + 3 * x + 1 and
// square is its own function (each becomes a component, each call an
// instance of it).
func.func private @square(%x: i32) -> i32 {
  %r = arith.muli %x, %x : i32
  return %r : i32
}
func.func private @poly(%x: i32) -> i32 {
  %c1 = arith.constant 1 : i32
  %c3 = arith.constant 3 : i32
  %sq = func.call @square(%x) : (i32) -> i32
  %t = arith.muli %x, %c3 : i32
  %s = arith.addi %sq, %t : i32
  %r = arith.addi %s, %c1 : i32
  return %r : i32
}
func.func @calls(%A: memref<16xi32> {calyx.name = "A"}, %B: memref<16xi32> {calyx.name = "B"}) {
  affine.for %i = 0 to 16 {
    %x = affine.load %A[%i] : memref<16xi32>
    %y = func.call @poly(%x) : (i32) -> i32
    affine.store %y, %B[%i] : memref<16xi32>
  }
  return
}
