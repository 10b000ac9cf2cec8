// A constant on the left of a commutative op moves to the right.
func @addi_const_lhs(%x: i32) -> (i32, i32, i32) {
  %c3 = arith.constant 3 : i32
  %0 = arith.addi %c3, %x : i32
  %1 = arith.muli %c3, %x : i32
  %2 = arith.andi %c3, %x : i32
  return %0, %1, %2 : i32, i32, i32
}
