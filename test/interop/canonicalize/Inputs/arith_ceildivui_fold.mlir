// ceildivui rounds up with unsigned operands.
func @ceildivui_fold() -> (i32, i32, i8) {
  %c7 = arith.constant 7 : i32
  %c2 = arith.constant 2 : i32
  %c8 = arith.constant 8 : i32
  %m1 = arith.constant -1 : i8
  %c100 = arith.constant 100 : i8
  %0 = arith.ceildivui %c7, %c2 : i32
  %1 = arith.ceildivui %c8, %c2 : i32
  %2 = arith.ceildivui %m1, %c100 : i8
  return %0, %1, %2 : i32, i32, i8
}
