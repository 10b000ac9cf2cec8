// select of the same value on both sides is that value, whatever the
// condition.
func @select_same_operands(%c: i1, %x: f32) -> f32 {
  %0 = select %c, %x, %x : f32
  return %0 : f32
}
