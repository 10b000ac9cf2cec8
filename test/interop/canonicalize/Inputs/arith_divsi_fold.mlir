// divsi of constants rounds toward zero for every sign combination.
func @divsi_fold() -> (i32, i32, i32, i32) {
  %p7 = arith.constant 7 : i32
  %n7 = arith.constant -7 : i32
  %p2 = arith.constant 2 : i32
  %n2 = arith.constant -2 : i32
  %0 = arith.divsi %p7, %p2 : i32
  %1 = arith.divsi %n7, %p2 : i32
  %2 = arith.divsi %p7, %n2 : i32
  %3 = arith.divsi %n7, %n2 : i32
  return %0, %1, %2, %3 : i32, i32, i32, i32
}
