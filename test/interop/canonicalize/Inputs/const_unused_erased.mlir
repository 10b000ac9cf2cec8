// Unused constants are erased.
func @const_unused_erased() -> i32 {
  %a = arith.constant 1 : i32
  %b = arith.constant 2.0 : f32
  %c = arith.constant dense<0> : vector<4xi32>
  %d = arith.constant 3 : i32
  return %d : i32
}
