// Calls that pass memories: @scale(M, k) multiplies the n-element prefix of a memory in place, and
// @sum(M) returns the sum of its elements.  The top function passes its external memory A and an
// internal one (T, filled from B) to them, and @twice passes the memory it received on to @scale,
// so the memory ports of one component are connected to those of the next.
func.func private @scale(%M: memref<16xi32>, %k: i32) {
  affine.for %i = 0 to 16 {
    %x = affine.load %M[%i] : memref<16xi32>
    %y = arith.muli %x, %k : i32
    affine.store %y, %M[%i] : memref<16xi32>
  }
  return
}
func.func private @sum(%M: memref<16xi32> {calyx.name = "V"}) -> i32 {
  %c0 = arith.constant 0 : i32
  %r = affine.for %i = 0 to 16 iter_args(%s = %c0) -> (i32) {
    %x = affine.load %M[%i] : memref<16xi32>
    %t = arith.addi %s, %x : i32
    affine.yield %t : i32
  }
  return %r : i32
}
func.func private @twice(%M: memref<16xi32>) {
  %c2 = arith.constant 2 : i32
  func.call @scale(%M, %c2) : (memref<16xi32>, i32) -> ()
  return
}
func.func @calls_mem(%A: memref<16xi32> {calyx.name = "A"}, %B: memref<16xi32> {calyx.name = "B"},
                     %R: memref<2xi32> {calyx.name = "R"}) {
  %T = memref.alloc() : memref<16xi32>
  affine.for %i = 0 to 16 {
    %b = affine.load %B[%i] : memref<16xi32>
    affine.store %b, %T[%i] : memref<16xi32>
  }
  %c3 = arith.constant 3 : i32
  func.call @scale(%A, %c3) : (memref<16xi32>, i32) -> ()
  func.call @twice(%T) : (memref<16xi32>) -> ()
  %sa = func.call @sum(%A) : (memref<16xi32>) -> i32
  %st = func.call @sum(%T) : (memref<16xi32>) -> i32
  affine.store %sa, %R[0] : memref<2xi32>
  affine.store %st, %R[1] : memref<2xi32>
  return
}
