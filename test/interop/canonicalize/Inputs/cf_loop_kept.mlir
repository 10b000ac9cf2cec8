// A real loop in branches stays.
func @cf_loop_kept(%n: i32) -> i32 {
  %c0 = arith.constant 0 : i32
  %c1 = arith.constant 1 : i32
  br ^bb1(%c0 : i32)
^bb1(%i: i32):
  %b = arith.cmpi slt, %i, %n : i32
  cond_br %b, ^bb2, ^bb3
^bb2:
  %j = arith.addi %i, %c1 : i32
  br ^bb1(%j : i32)
^bb3:
  return %i : i32
}
