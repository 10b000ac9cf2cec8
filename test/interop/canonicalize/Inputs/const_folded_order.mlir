// The order of constants produced by folding several ops.
func @const_folded_order() -> (i32, i32, i32) {
  %c2 = arith.constant 2 : i32
  %c3 = arith.constant 3 : i32
  %0 = arith.addi %c2, %c3 : i32
  %1 = arith.muli %c2, %c3 : i32
  %2 = arith.subi %c2, %c3 : i32
  return %0, %1, %2 : i32, i32, i32
}
