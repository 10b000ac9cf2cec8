// A shift by the width or more is poison: it must not fold to a value.
func @shift_out_of_range_kept() -> (i32, i32, i8) {
  %c1 = arith.constant 1 : i32
  %c32 = arith.constant 32 : i32
  %c40 = arith.constant 40 : i32
  %x = arith.constant 5 : i8
  %s = arith.constant 8 : i8
  %0 = arith.shli %c1, %c32 : i32
  %1 = arith.shrsi %c1, %c40 : i32
  %2 = arith.shrui %x, %s : i8
  return %0, %1, %2 : i32, i32, i8
}
