// Functions the original run never defines (tv-undefined.test).
func.func @noargs() -> i32 {
  %c1 = arith.constant 1 : i32
  %c0 = arith.constant 0 : i32
  %q = arith.divsi %c1, %c0 : i32
  return %q : i32
}
func.func @always(%a: i32) -> i32 {
  %c0 = arith.constant 0 : i32
  %q = arith.divsi %a, %c0 : i32
  return %q : i32
}
