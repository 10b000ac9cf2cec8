// Casts between odd widths: extsi of -1 : i7, extui of -1 : i7, trunci of
// an i33 with bit 32 set, sitofp of i7's minimum.
func @odd_width_casts() -> (i33, i33, i7, f32) {
  %m1 = arith.constant -1 : i7
  %big = arith.constant -4294967295 : i33
  %min = arith.constant -64 : i7
  %0 = arith.extsi %m1 : i7 to i33
  %1 = arith.extui %m1 : i7 to i33
  %2 = arith.trunci %big : i33 to i7
  %3 = arith.sitofp %min : i7 to f32
  return %0, %1, %2, %3 : i33, i33, i7, f32
}
