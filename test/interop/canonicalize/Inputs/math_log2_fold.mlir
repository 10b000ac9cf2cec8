// math.log2 of a positive constant folds; of a negative one it does not.
func @math_log2_fold() -> (f32, f64, f32) {
  %a = arith.constant 8.0 : f32
  %b = arith.constant 0.25 : f64
  %c = arith.constant -4.0 : f32
  %0 = math.log2 %a : f32
  %1 = math.log2 %b : f64
  %2 = math.log2 %c : f32
  return %0, %1, %2 : f32, f64, f32
}
