// Float folding with infinities and NaN: 1/0 is inf, 0/0 is NaN, inf-inf
// is NaN.
func @float_special_fold() -> (f32, f32, f64) {
  %one = arith.constant 1.0 : f32
  %zero = arith.constant 0.0 : f32
  %inf = arith.constant 0x7FF0000000000000 : f64
  %0 = arith.divf %one, %zero : f32
  %1 = arith.divf %zero, %zero : f32
  %2 = arith.subf %inf, %inf : f64
  return %0, %1, %2 : f32, f32, f64
}
