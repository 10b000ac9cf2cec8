// cf: two edges from one block to the same successor.  MLIR writes the
// successor's predecessor comment as `// 2 preds: ^bb0, ^bb0`.
func.func @same_target(%c: i1, %v: f32) -> f32 {
  cf.cond_br %c, ^bb1, ^bb1
^bb1:
  cf.cond_br %c, ^bb2(%v : f32), ^bb2(%v : f32)
^bb2(%w: f32):
  return %w : f32
}
