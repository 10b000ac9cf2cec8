// max/min against the extreme value of the order: maxsi(x, INT_MAX) is
// INT_MAX, minui(x, 0) is 0, maxui(x, 0) is x, minsi(x, INT_MAX) is x.
func @minmax_int_bounds(%x: i8) -> (i8, i8, i8, i8) {
  %smax = arith.constant 127 : i8
  %zero = arith.constant 0 : i8
  %0 = arith.maxsi %x, %smax : i8
  %1 = arith.minui %x, %zero : i8
  %2 = arith.maxui %x, %zero : i8
  %3 = arith.minsi %x, %smax : i8
  return %0, %1, %2, %3 : i8, i8, i8, i8
}
