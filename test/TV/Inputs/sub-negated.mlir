func.func @f(%a: i32, %b: i32) -> i32 {
  %0 = arith.constant 0 : i32
  %nb = arith.subi %0, %b : i32
  %r = arith.addi %a, %nb : i32
  return %r : i32
}
