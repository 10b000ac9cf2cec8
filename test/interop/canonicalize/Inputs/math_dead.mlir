// Unused math ops are pure and are erased.
func @math_dead(%x: f32) {
  %0 = math.exp %x : f32
  %1 = math.sqrt %0 : f32
  return
}
