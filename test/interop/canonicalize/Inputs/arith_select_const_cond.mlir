// select on a constant condition picks one operand.
func @select_const_cond(%x: i32, %y: i32) -> (i32, i32) {
  %t = arith.constant true
  %f = arith.constant false
  %0 = select %t, %x, %y : i32
  %1 = select %f, %x, %y : i32
  return %0, %1 : i32, i32
}
