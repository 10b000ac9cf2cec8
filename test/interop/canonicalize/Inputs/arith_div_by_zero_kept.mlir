// Division and remainder by a constant zero are undefined: no folder may
// touch them (the ops stay, with their constant operands).
func @div_by_zero_kept(%x: i32) -> (i32, i32, i32, i32, i32) {
  %c0 = arith.constant 0 : i32
  %c9 = arith.constant 9 : i32
  %0 = arith.divsi %c9, %c0 : i32
  %1 = arith.divui %c9, %c0 : i32
  %2 = arith.remsi %c9, %c0 : i32
  %3 = arith.remui %c9, %c0 : i32
  %4 = arith.divsi %x, %c0 : i32
  return %0, %1, %2, %3, %4 : i32, i32, i32, i32, i32
}
