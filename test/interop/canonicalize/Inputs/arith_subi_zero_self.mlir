// x - 0 is x; x - x is 0.
func @subi_zero_self(%x: i32) -> (i32, i32) {
  %c0 = arith.constant 0 : i32
  %0 = arith.subi %x, %c0 : i32
  %1 = arith.subi %x, %x : i32
  return %0, %1 : i32, i32
}
