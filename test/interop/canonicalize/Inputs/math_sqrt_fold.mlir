// math.sqrt of a float constant: MLIR 14 has no folder for it.
func @math_sqrt_fold() -> (f32, f64) {
  %a = arith.constant 16.0 : f32
  %b = arith.constant 2.0 : f64
  %0 = math.sqrt %a : f32
  %1 = math.sqrt %b : f64
  return %0, %1 : f32, f64
}
