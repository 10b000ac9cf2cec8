// Integer math on constants (count leading/trailing zeros, popcount):
// MLIR 14 has no folders for them.
func @math_ctlz_fold() -> (i32, i32, i32) {
  %a = arith.constant 12 : i32
  %0 = math.ctlz %a : i32
  %1 = math.cttz %a : i32
  %2 = math.ctpop %a : i32
  return %0, %1, %2 : i32, i32, i32
}
