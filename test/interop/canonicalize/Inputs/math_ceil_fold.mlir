// math.ceil of a float constant folds.
func @math_ceil_fold() -> (f32, f64) {
  %a = arith.constant 1.25 : f32
  %b = arith.constant -2.5 : f64
  %0 = math.ceil %a : f32
  %1 = math.ceil %b : f64
  return %0, %1 : f32, f64
}
