// A switch on a constant flag branches to the matching case.
func @cf_switch_const(%x: i32, %y: i32, %z: i32) -> i32 {
  %f = arith.constant 2 : i32
  switch %f : i32, [
    default: ^bb1(%x : i32),
    1: ^bb1(%y : i32),
    2: ^bb1(%z : i32)
  ]
^bb1(%a: i32):
  return %a : i32
}
