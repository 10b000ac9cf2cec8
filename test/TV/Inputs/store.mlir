// Writes x and 2x to the first two elements of its argument.
func.func @f(%m: memref<4xi32>, %x: i32) {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  memref.store %x, %m[%c0] : memref<4xi32>
  %y = arith.addi %x, %x : i32
  memref.store %y, %m[%c1] : memref<4xi32>
  return
}
