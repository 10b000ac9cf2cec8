// A block reached only by an unconditional branch merges into its
// predecessor, its argument replaced by the branch operand.
func @cf_br_single_pred_merge(%x: i32) -> i32 {
  %0 = arith.addi %x, %x : i32
  br ^bb1(%0 : i32)
^bb1(%a: i32):
  %1 = arith.muli %a, %a : i32
  return %1 : i32
}
