// fptosi and fptoui of float constants truncate toward zero.
func @fptosi_fold() -> (i32, i32, i8) {
  %a = arith.constant -2.75 : f32
  %b = arith.constant 3.5 : f64
  %c = arith.constant 200.0 : f32
  %0 = arith.fptosi %a : f32 to i32
  %1 = arith.fptoui %b : f64 to i32
  %2 = arith.fptoui %c : f32 to i8
  return %0, %1, %2 : i32, i32, i8
}
