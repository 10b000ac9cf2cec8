// Remainder by one is zero.
func @rem_by_one(%x: i32) -> (i32, i32) {
  %c1 = arith.constant 1 : i32
  %0 = arith.remsi %x, %c1 : i32
  %1 = arith.remui %x, %c1 : i32
  return %0, %1 : i32, i32
}
