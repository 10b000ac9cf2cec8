// The same writes in the other order, 2x as a shift.
func.func @f(%m: memref<4xi32>, %x: i32) {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %one = arith.constant 1 : i32
  %y = arith.shli %x, %one : i32
  memref.store %y, %m[%c1] : memref<4xi32>
  memref.store %x, %m[%c0] : memref<4xi32>
  return
}
