// Folding cascades: each folded constant makes its user foldable, down to
// a constant condition that picks a select operand.
func @fold_cascade(%x: i32, %y: i32) -> i32 {
  %c2 = arith.constant 2 : i32
  %c3 = arith.constant 3 : i32
  %0 = arith.muli %c2, %c3 : i32
  %1 = arith.subi %0, %c2 : i32
  %2 = arith.divsi %1, %c2 : i32
  %3 = arith.cmpi eq, %2, %c2 : i32
  %4 = select %3, %x, %y : i32
  return %4 : i32
}
