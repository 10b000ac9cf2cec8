// index_cast of a constant in both directions.
func @index_cast_fold() -> (index, i32, i8) {
  %a = arith.constant -5 : i32
  %b = arith.constant 42 : index
  %c = arith.constant 300 : index
  %0 = arith.index_cast %a : i32 to index
  %1 = arith.index_cast %b : index to i32
  %2 = arith.index_cast %c : index to i8
  return %0, %1, %2 : index, i32, i8
}
