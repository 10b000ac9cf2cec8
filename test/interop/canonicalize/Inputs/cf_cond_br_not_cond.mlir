// cond_br on the negation of a condition (xori with true): MLIR 14 does
// not swap the destinations, nothing changes.
func @cf_cond_br_not_cond(%c: i1, %x: i32, %y: i32) -> i32 {
  %t = arith.constant true
  %n = arith.xori %c, %t : i1
  cond_br %n, ^bb1, ^bb2
^bb1:
  %a = arith.addi %x, %y : i32
  return %a : i32
^bb2:
  %b = arith.muli %x, %y : i32
  return %b : i32
}
