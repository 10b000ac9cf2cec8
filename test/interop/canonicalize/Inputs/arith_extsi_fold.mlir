// extsi of a constant copies the sign bit.
func @extsi_fold() -> (i32, i32, i64) {
  %m1 = arith.constant -1 : i8
  %p = arith.constant 100 : i8
  %t = arith.constant true
  %0 = arith.extsi %m1 : i8 to i32
  %1 = arith.extsi %p : i8 to i32
  %2 = arith.extsi %t : i1 to i64
  return %0, %1, %2 : i32, i32, i64
}
