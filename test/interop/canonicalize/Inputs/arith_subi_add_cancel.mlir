// (a + b) - b is a, (a + b) - a is b: MLIR 14 has no pattern for it.
func @subi_add_cancel(%a: i32, %b: i32) -> (i32, i32) {
  %0 = arith.addi %a, %b : i32
  %1 = arith.subi %0, %b : i32
  %2 = arith.subi %0, %a : i32
  return %1, %2 : i32, i32
}
