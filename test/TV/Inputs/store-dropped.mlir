// Planted bug: the second store is gone.
func.func @f(%m: memref<4xi32>, %x: i32) {
  %c0 = arith.constant 0 : index
  memref.store %x, %m[%c0] : memref<4xi32>
  return
}
