// A block argument that nothing uses is dropped with its branch operands.
func @cf_unused_block_arg(%c: i1, %x: i32, %y: i32, %m: memref<4xi32>) {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  cond_br %c, ^bb1, ^bb2
^bb1:
  memref.store %x, %m[%c0] : memref<4xi32>
  br ^bb3(%x : i32)
^bb2:
  %z = arith.addi %y, %y : i32
  memref.store %z, %m[%c1] : memref<4xi32>
  br ^bb3(%y : i32)
^bb3(%a: i32):
  return
}
