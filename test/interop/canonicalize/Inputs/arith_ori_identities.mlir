// x | x is x, x | 0 is x, x | -1 is -1.
func @ori_identities(%x: i16) -> (i16, i16, i16) {
  %c0 = arith.constant 0 : i16
  %m1 = arith.constant -1 : i16
  %0 = arith.ori %x, %x : i16
  %1 = arith.ori %x, %c0 : i16
  %2 = arith.ori %x, %m1 : i16
  return %0, %1, %2 : i16, i16, i16
}
