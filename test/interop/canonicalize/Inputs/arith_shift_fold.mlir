// Shifts of constants by an in-range amount: current MLIR folds shli,
// shrui and shrsi; MLIR 14 had no folder for them.
func @shift_fold() -> (i32, i32, i32, i8) {
  %c1 = arith.constant 1 : i32
  %m16 = arith.constant -16 : i32
  %c2 = arith.constant 2 : i32
  %h = arith.constant -128 : i8
  %s = arith.constant 3 : i8
  %0 = arith.shli %c1, %c2 : i32
  %1 = arith.shrsi %m16, %c2 : i32
  %2 = arith.shrui %m16, %c2 : i32
  %3 = arith.shrui %h, %s : i8
  return %0, %1, %2, %3 : i32, i32, i32, i8
}
