// addf, subf, mulf and divf of f32 and f64 constants.
func @float_binop_fold() -> (f32, f32, f64, f64) {
  %a = arith.constant 1.5 : f32
  %b = arith.constant 2.25 : f32
  %c = arith.constant 10.0 : f64
  %d = arith.constant 4.0 : f64
  %0 = arith.addf %a, %b : f32
  %1 = arith.subf %a, %b : f32
  %2 = arith.mulf %c, %d : f64
  %3 = arith.divf %c, %d : f64
  return %0, %1, %2, %3 : f32, f32, f64, f64
}
