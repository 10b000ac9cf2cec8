// math.powf of two constants: MLIR 14 has no folder for it.
func @math_powf_fold() -> f32 {
  %a = arith.constant 2.0 : f32
  %b = arith.constant 10.0 : f32
  %0 = math.powf %a, %b : f32
  return %0 : f32
}
