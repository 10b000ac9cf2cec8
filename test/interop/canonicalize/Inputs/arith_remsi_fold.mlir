// remsi takes the sign of the dividend.
func @remsi_fold() -> (i32, i32, i32, i32) {
  %p7 = arith.constant 7 : i32
  %n7 = arith.constant -7 : i32
  %p3 = arith.constant 3 : i32
  %n3 = arith.constant -3 : i32
  %0 = arith.remsi %p7, %p3 : i32
  %1 = arith.remsi %n7, %p3 : i32
  %2 = arith.remsi %p7, %n3 : i32
  %3 = arith.remsi %n7, %n3 : i32
  return %0, %1, %2, %3 : i32, i32, i32, i32
}
