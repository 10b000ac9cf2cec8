// (x + 5) - 2 and 9 - (x + 5) combine their constants.
func @subi_addi_const(%x: i64) -> (i64, i64) {
  %c5 = arith.constant 5 : i64
  %c2 = arith.constant 2 : i64
  %c9 = arith.constant 9 : i64
  %0 = arith.addi %x, %c5 : i64
  %1 = arith.subi %0, %c2 : i64
  %2 = arith.subi %c9, %0 : i64
  return %1, %2 : i64, i64
}
