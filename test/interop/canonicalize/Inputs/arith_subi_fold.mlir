// subi of constants folds, including results below zero and wrap-around
// at the minimum value.
func @subi_fold() -> (i32, i32, i16) {
  %c3 = arith.constant 3 : i32
  %c10 = arith.constant 10 : i32
  %min = arith.constant -32768 : i16
  %one = arith.constant 1 : i16
  %0 = arith.subi %c3, %c10 : i32
  %1 = arith.subi %c10, %c3 : i32
  %2 = arith.subi %min, %one : i16
  return %0, %1, %2 : i32, i32, i16
}
