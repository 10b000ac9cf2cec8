// extui of a constant fills with zeros.
func @extui_fold() -> (i32, i64) {
  %m1 = arith.constant -1 : i8
  %t = arith.constant true
  %0 = arith.extui %m1 : i8 to i32
  %1 = arith.extui %t : i1 to i64
  return %0, %1 : i32, i64
}
