// Folding at i7: 63 + 1 wraps to -64; -64 * -1 wraps to -64; unsigned
// division reads -1 as 127.
func @odd_width_i7() -> (i7, i7, i7, i1) {
  %c63 = arith.constant 63 : i7
  %c1 = arith.constant 1 : i7
  %min = arith.constant -64 : i7
  %m1 = arith.constant -1 : i7
  %c2 = arith.constant 2 : i7
  %0 = arith.addi %c63, %c1 : i7
  %1 = arith.muli %min, %m1 : i7
  %2 = arith.divui %m1, %c2 : i7
  %3 = arith.cmpi ugt, %m1, %c63 : i7
  return %0, %1, %2, %3 : i7, i7, i7, i1
}
