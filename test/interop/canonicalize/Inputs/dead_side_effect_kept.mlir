// An op with side effects stays even when its results are unused; the
// pure op feeding only it stays too.
func @dead_side_effect_kept(%m: memref<4xi32>, %x: i32) {
  %c0 = arith.constant 0 : index
  %0 = arith.addi %x, %x : i32
  memref.store %0, %m[%c0] : memref<4xi32>
  %1 = memref.load %m[%c0] : memref<4xi32>
  return
}
