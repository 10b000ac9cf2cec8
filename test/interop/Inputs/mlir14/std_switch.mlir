// MLIR 14 spelling: std.switch (custom form; negative case values are in
// std_switch_negative.mlir), with its
// `case_operand_segments = dense<..> : tensor<Nxi32>`, and std.cond_br
// whose operand segments are a splat (`dense<1> : vector<3xi32>`).
func @switch(%arg0: i32, %arg1: i64, %arg2: f32, %true: i1) {
  switch %arg0 : i32, [
    default: ^bb1(%arg2 : f32),
    0: ^bb2,
    7: ^bb1(%arg2 : f32)
  ]
^bb1(%0: f32):
  cond_br %true, ^bb2, ^bb1(%0 : f32)
^bb2:
  switch %arg1 : i64, [
    default: ^bb3
  ]
^bb3:
  cond_br %true, ^bb4(%arg2 : f32), ^bb5(%arg2 : f32)
^bb4(%1: f32):
  return
^bb5(%2: f32):
  return
}
