// cond_br to the same destination with different operands: the operands
// become selects.
func @cf_cond_br_same_dest_diff_args(%c: i1, %x: i32, %y: i32, %m: memref<4xi32>) {
  %c0 = arith.constant 0 : index
  cond_br %c, ^bb1(%x : i32), ^bb1(%y : i32)
^bb1(%a: i32):
  memref.store %a, %m[%c0] : memref<4xi32>
  return
}
