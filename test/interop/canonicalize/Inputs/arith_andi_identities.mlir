// x & x is x, x & 0 is 0, x & -1 is x.
func @andi_identities(%x: i16) -> (i16, i16, i16) {
  %c0 = arith.constant 0 : i16
  %m1 = arith.constant -1 : i16
  %0 = arith.andi %x, %x : i16
  %1 = arith.andi %x, %c0 : i16
  %2 = arith.andi %x, %m1 : i16
  return %0, %1, %2 : i16, i16, i16
}
