// addi of two constants folds; the sum wraps at the type's width.
func @addi_fold() -> (i32, i32, i64) {
  %c5 = arith.constant 5 : i32
  %c7 = arith.constant 7 : i32
  %max = arith.constant 2147483647 : i32
  %c1 = arith.constant 1 : i32
  %big = arith.constant 9223372036854775807 : i64
  %one = arith.constant 1 : i64
  %0 = arith.addi %c5, %c7 : i32
  %1 = arith.addi %max, %c1 : i32
  %2 = arith.addi %big, %one : i64
  return %0, %1, %2 : i32, i32, i64
}
