// math.copysign of two constants: MLIR 14 has no folder for it.
func @math_copysign_fold() -> f32 {
  %a = arith.constant 3.0 : f32
  %b = arith.constant -0.0 : f32
  %0 = math.copysign %a, %b : f32
  return %0 : f32
}
