// Two blocks that differ only in the values they use merge into one block
// with an argument; the branch into it passes a select.
func @cf_identical_blocks_diff_operands(%c: i1, %x: i32, %y: i32) -> i32 {
  cond_br %c, ^bb1, ^bb2
^bb1:
  %0 = arith.addi %x, %x : i32
  return %0 : i32
^bb2:
  %1 = arith.addi %y, %y : i32
  return %1 : i32
}
