// divui reads both operands as unsigned: -1 is the largest i8.
func @divui_fold() -> (i8, i8, i32) {
  %m1 = arith.constant -1 : i8
  %c3 = arith.constant 3 : i8
  %c16 = arith.constant 16 : i8
  %a = arith.constant 100 : i32
  %b = arith.constant 7 : i32
  %0 = arith.divui %m1, %c3 : i8
  %1 = arith.divui %c16, %m1 : i8
  %2 = arith.divui %a, %b : i32
  return %0, %1, %2 : i8, i8, i32
}
