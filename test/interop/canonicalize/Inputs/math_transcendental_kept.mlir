// exp, log, tanh, sin and cos of unknown values stay; MLIR 14 does not fold
// them on constants either.
func @math_transcendental_kept(%x: f32) -> (f32, f32, f32, f32, f32) {
  %c = arith.constant 1.0 : f32
  %0 = math.exp %x : f32
  %1 = math.log %x : f32
  %2 = math.tanh %x : f32
  %3 = math.sin %c : f32
  %4 = math.cos %c : f32
  return %0, %1, %2, %3, %4 : f32, f32, f32, f32, f32
}
