func.func @f(%a: i32) -> i32 {
  %c = arith.addi %a, %a : i32
  return %c : i32
}
