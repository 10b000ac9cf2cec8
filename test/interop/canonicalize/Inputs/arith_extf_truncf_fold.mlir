// extf and truncf of float constants: MLIR 14 folds truncf only.
func @extf_truncf_fold() -> (f64, f32, f16) {
  %a = arith.constant 0.5 : f32
  %b = arith.constant 3.0 : f64
  %c = arith.constant 2.0 : f32
  %0 = arith.extf %a : f32 to f64
  %1 = arith.truncf %b : f64 to f32
  %2 = arith.truncf %c : f32 to f16
  return %0, %1, %2 : f64, f32, f16
}
