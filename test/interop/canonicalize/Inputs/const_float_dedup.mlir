// Float constants: 0.0 and -0.0 are different values and stay apart;
// equal ones merge.
func @const_float_dedup() -> (f32, f32, f32, f32) {
  %a = arith.constant 0.0 : f32
  %b = arith.constant -0.0 : f32
  %c = arith.constant 0.0 : f32
  %d = arith.constant 1.0 : f32
  return %a, %b, %c, %d : f32, f32, f32, f32
}
