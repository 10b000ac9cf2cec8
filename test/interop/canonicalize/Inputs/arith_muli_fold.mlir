// muli of constants folds; the product keeps only the low bits.
func @muli_fold() -> (i32, i8, index) {
  %c6 = arith.constant 6 : i32
  %c7 = arith.constant -7 : i32
  %a = arith.constant 100 : i8
  %b = arith.constant 3 : i8
  %i = arith.constant 12 : index
  %j = arith.constant 11 : index
  %0 = arith.muli %c6, %c7 : i32
  %1 = arith.muli %a, %b : i8
  %2 = arith.muli %i, %j : index
  return %0, %1, %2 : i32, i8, index
}
