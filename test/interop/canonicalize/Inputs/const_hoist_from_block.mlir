// A constant in a later block of the function goes to the entry block.
func @const_hoist_from_block(%c: i1, %x: i32) -> i32 {
  cond_br %c, ^bb1, ^bb2
^bb1:
  %c4 = arith.constant 4 : i32
  %0 = arith.muli %x, %c4 : i32
  return %0 : i32
^bb2:
  %c6 = arith.constant 6 : i32
  %1 = arith.addi %x, %c6 : i32
  return %1 : i32
}
