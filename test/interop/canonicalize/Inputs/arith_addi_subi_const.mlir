// (x - 3) + 10 and (3 - x) + 10 combine their constants.
func @addi_subi_const(%x: i32) -> (i32, i32) {
  %c3 = arith.constant 3 : i32
  %c10 = arith.constant 10 : i32
  %0 = arith.subi %x, %c3 : i32
  %1 = arith.addi %0, %c10 : i32
  %2 = arith.subi %c3, %x : i32
  %3 = arith.addi %2, %c10 : i32
  return %1, %3 : i32, i32
}
