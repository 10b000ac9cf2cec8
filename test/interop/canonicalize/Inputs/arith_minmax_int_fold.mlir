// maxsi/minsi/maxui/minui of constants: -1 is smallest signed, largest
// unsigned.
func @minmax_int_fold() -> (i32, i32, i32, i32) {
  %m1 = arith.constant -1 : i32
  %c5 = arith.constant 5 : i32
  %0 = arith.maxsi %m1, %c5 : i32
  %1 = arith.minsi %m1, %c5 : i32
  %2 = arith.maxui %m1, %c5 : i32
  %3 = arith.minui %m1, %c5 : i32
  return %0, %1, %2, %3 : i32, i32, i32, i32
}
