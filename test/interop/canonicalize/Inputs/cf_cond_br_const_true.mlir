// cond_br on a constant true condition becomes a branch to the true
// destination, which then merges.
func @cf_cond_br_const_true(%x: i32, %y: i32) -> i32 {
  %t = arith.constant true
  cond_br %t, ^bb1(%x : i32), ^bb1(%y : i32)
^bb1(%a: i32):
  return %a : i32
}
