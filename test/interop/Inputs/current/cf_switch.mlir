// INTEROP-STRATA-FLAGS: --allow-unregistered-dialect
// cf.switch: cases with and without operands, default only, the largest
// i64 case value; operand segment sizes that are a splat.  Negative case
// values are in cf_switch_negative.mlir.  MLIR 14
// stored case_operand_segments as `dense<..> : tensor<Nxi32>` (now
// array<i32: ..>) and wrote `operand_segment_sizes = dense<1> :
// vector<3xi32>` for the segments [1, 1, 1].
func.func @switch(%c: i1, %x: i32, %y: i64) -> i32 {
  cf.br ^bb4(%x, %y : i32, i64)
^bb1(%a: i32, %b: i64):
  cf.br ^bb3(%a : i32)
^bb2:
  cf.br ^bb3(%x : i32)
^bb3(%d: i32):
  func.return %d : i32
^bb4(%e: i32, %f: i64):
  cf.switch %e : i32, [
    default: ^bb3(%e : i32),
    0: ^bb3(%x : i32),
    5: ^bb1(%e, %f : i32, i64),
    7: ^bb2
  ]
}
func.func @switch_default_only(%f: i8) {
  cf.switch %f : i8, [
    default: ^bb1
  ]
^bb1:
  return
}
func.func @switch_splat(%f: i32, %v: f32) {
  cf.switch %f : i32, [
    default: ^bb1(%v : f32),
    1: ^bb1(%v : f32)
  ]
^bb1(%w: f32):
  return
}
func.func @switch_i64(%f: i64, %v: f32) -> f32 {
  cf.switch %f : i64, [
    default: ^bb1(%v : f32),
    9223372036854775807: ^bb2,
    2: ^bb1(%v : f32)
  ]
^bb1(%w: f32):
  return %w : f32
^bb2:
  cf.br ^bb1(%v : f32)
}
func.func @cond_br_splat(%c: i1, %v: f32) {
  cf.cond_br %c, ^bb1(%v : f32), ^bb2(%v : f32)
^bb1(%a: f32):
  return
^bb2(%b: f32):
  return
}
