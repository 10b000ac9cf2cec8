// Division by one is the dividend, signed or unsigned, floor or ceiling.
func @div_by_one(%x: i32) -> (i32, i32, i32, i32, i32) {
  %c1 = arith.constant 1 : i32
  %0 = arith.divsi %x, %c1 : i32
  %1 = arith.divui %x, %c1 : i32
  %2 = arith.ceildivsi %x, %c1 : i32
  %3 = arith.ceildivui %x, %c1 : i32
  %4 = arith.floordivsi %x, %c1 : i32
  return %0, %1, %2, %3, %4 : i32, i32, i32, i32, i32
}
