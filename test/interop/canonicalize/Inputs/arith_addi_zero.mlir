// x + 0 and 0 + x are x.
func @addi_zero(%x: i32) -> (i32, i32) {
  %c0 = arith.constant 0 : i32
  %0 = arith.addi %x, %c0 : i32
  %1 = arith.addi %c0, %x : i32
  return %0, %1 : i32, i32
}
