// Two blocks with identical contents are merged into one.
func @cf_identical_blocks_merge(%c: i1, %x: i32, %y: i32) -> i32 {
  cond_br %c, ^bb1, ^bb2
^bb1:
  %0 = arith.addi %x, %y : i32
  return %0 : i32
^bb2:
  %1 = arith.addi %x, %y : i32
  return %1 : i32
}
