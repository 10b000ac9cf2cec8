// (a - b) + b is a, and b + (a - b) is a.
func @addi_sub_cancel(%a: i32, %b: i32) -> (i32, i32) {
  %0 = arith.subi %a, %b : i32
  %1 = arith.addi %0, %b : i32
  %2 = arith.addi %b, %0 : i32
  return %1, %2 : i32, i32
}
