// Folding at i128: a product wider than 64 bits.
func @wide_i128() -> (i128, i1) {
  %a = arith.constant 18446744073709551616 : i128
  %b = arith.constant 3 : i128
  %0 = arith.muli %a, %b : i128
  %1 = arith.cmpi ugt, %0, %a : i128
  return %0, %1 : i128, i1
}
