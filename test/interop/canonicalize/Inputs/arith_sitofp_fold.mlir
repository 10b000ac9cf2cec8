// sitofp and uitofp of constants: -1 is 4294967295 unsigned.
func @sitofp_fold() -> (f32, f64, f32, f64) {
  %m1 = arith.constant -1 : i32
  %c7 = arith.constant 7 : i64
  %0 = arith.sitofp %m1 : i32 to f32
  %1 = arith.sitofp %c7 : i64 to f64
  %2 = arith.uitofp %m1 : i32 to f32
  %3 = arith.uitofp %m1 : i32 to f64
  return %0, %1, %2, %3 : f32, f64, f32, f64
}
