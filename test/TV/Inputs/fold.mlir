func.func @f(%a: i32) -> i32 {
  %c2 = arith.constant 2 : i32
  %c3 = arith.constant 3 : i32
  %c6 = arith.muli %c2, %c3 : i32
  %r = arith.addi %a, %c6 : i32
  %z = arith.subi %r, %r : i32
  %s = arith.addi %r, %z : i32
  return %s : i32
}
