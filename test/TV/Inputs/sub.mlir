func.func @f(%a: i32, %b: i32) -> i32 {
  %r = arith.subi %a, %b : i32
  return %r : i32
}
