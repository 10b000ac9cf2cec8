// math.abs of a float constant: MLIR 14 has no folder for it (current
// MLIR has).
func @math_abs_fold() -> (f32, f64) {
  %a = arith.constant -1.5 : f32
  %b = arith.constant 2.0 : f64
  %0 = math.abs %a : f32
  %1 = math.abs %b : f64
  return %0, %1 : f32, f64
}
