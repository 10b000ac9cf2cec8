// maxf/minf (MLIR 14 names of maximumf/minimumf) of constants.
func @minmax_float_fold() -> (f32, f32) {
  %a = arith.constant 1.5 : f32
  %b = arith.constant -3.0 : f32
  %0 = arith.maxf %a, %b : f32
  %1 = arith.minf %a, %b : f32
  return %0, %1 : f32, f32
}
