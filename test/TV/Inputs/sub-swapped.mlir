func.func @f(%a: i32, %b: i32) -> i32 {
  %r = arith.subi %b, %a : i32
  return %r : i32
}
