// floordivsi rounds toward negative infinity for every sign combination.
func @floordivsi_fold() -> (i32, i32, i32, i32, i32) {
  %p7 = arith.constant 7 : i32
  %n7 = arith.constant -7 : i32
  %p2 = arith.constant 2 : i32
  %n2 = arith.constant -2 : i32
  %n6 = arith.constant -6 : i32
  %0 = arith.floordivsi %p7, %p2 : i32
  %1 = arith.floordivsi %n7, %p2 : i32
  %2 = arith.floordivsi %p7, %n2 : i32
  %3 = arith.floordivsi %n7, %n2 : i32
  %4 = arith.floordivsi %n6, %p2 : i32
  return %0, %1, %2, %3, %4 : i32, i32, i32, i32, i32
}
