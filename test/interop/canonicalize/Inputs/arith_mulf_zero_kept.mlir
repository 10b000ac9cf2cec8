// x * 0.0 is not 0.0 for NaN, inf or negative x: no folder may remove it.
func @mulf_zero_kept(%x: f64) -> f64 {
  %z = arith.constant 0.0 : f64
  %0 = arith.mulf %x, %z : f64
  return %0 : f64
}
