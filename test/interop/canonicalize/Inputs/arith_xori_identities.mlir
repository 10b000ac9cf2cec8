// x ^ x is 0, x ^ 0 is x.
func @xori_identities(%x: i64) -> (i64, i64) {
  %c0 = arith.constant 0 : i64
  %0 = arith.xori %x, %x : i64
  %1 = arith.xori %x, %c0 : i64
  return %0, %1 : i64, i64
}
