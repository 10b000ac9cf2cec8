// i7's minimum divided by -1 overflows: kept. remsi of it by -1 is 0.
func @odd_width_divsi_overflow() -> (i7, i7, i7) {
  %min = arith.constant -64 : i7
  %m1 = arith.constant -1 : i7
  %c3 = arith.constant 3 : i7
  %0 = arith.divsi %min, %m1 : i7
  %1 = arith.remsi %min, %m1 : i7
  %2 = arith.divsi %min, %c3 : i7
  return %0, %1, %2 : i7, i7, i7
}
