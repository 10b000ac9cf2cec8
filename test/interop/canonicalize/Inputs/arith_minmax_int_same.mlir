// max and min of a value with itself are that value.
func @minmax_int_same(%x: i32) -> (i32, i32, i32, i32) {
  %0 = arith.maxsi %x, %x : i32
  %1 = arith.minsi %x, %x : i32
  %2 = arith.maxui %x, %x : i32
  %3 = arith.minui %x, %x : i32
  return %0, %1, %2, %3 : i32, i32, i32, i32
}
