// (x + 3) + 4 becomes x + 7: the two constants are combined.
func @addi_reassoc_const(%x: i32) -> i32 {
  %c3 = arith.constant 3 : i32
  %c4 = arith.constant 4 : i32
  %0 = arith.addi %x, %c3 : i32
  %1 = arith.addi %0, %c4 : i32
  return %1 : i32
}
