// remui of constants folds with unsigned operands.
func @remui_fold() -> (i8, i32) {
  %m1 = arith.constant -1 : i8
  %c10 = arith.constant 10 : i8
  %a = arith.constant 100 : i32
  %b = arith.constant 7 : i32
  %0 = arith.remui %m1, %c10 : i8
  %1 = arith.remui %a, %b : i32
  return %0, %1 : i8, i32
}
