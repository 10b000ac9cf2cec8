// A cond_br on %c in a block reached only from the true edge of another
// cond_br on %c always goes the true way.
func @cf_cond_br_same_cond_nested(%c: i1, %x: i32, %y: i32, %z: i32) -> i32 {
  cond_br %c, ^bb1, ^bb3(%z : i32)
^bb1:
  cond_br %c, ^bb2, ^bb3(%y : i32)
^bb2:
  return %x : i32
^bb3(%a: i32):
  return %a : i32
}
