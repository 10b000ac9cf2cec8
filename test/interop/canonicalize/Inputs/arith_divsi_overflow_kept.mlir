// The minimum value divided by -1 overflows: divsi must not fold it.
func @divsi_overflow_kept() -> (i32, i8) {
  %min = arith.constant -2147483648 : i32
  %m1 = arith.constant -1 : i32
  %min8 = arith.constant -128 : i8
  %m18 = arith.constant -1 : i8
  %0 = arith.divsi %min, %m1 : i32
  %1 = arith.divsi %min8, %m18 : i8
  return %0, %1 : i32, i8
}
