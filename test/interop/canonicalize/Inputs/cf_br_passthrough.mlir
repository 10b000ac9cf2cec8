// A branch to a block that only branches on goes straight to the final
// destination.
func @cf_br_passthrough(%c: i1, %x: i32, %y: i32) -> i32 {
  cond_br %c, ^bb1, ^bb2
^bb1:
  br ^bb3(%x : i32)
^bb2:
  br ^bb3(%y : i32)
^bb3(%a: i32):
  return %a : i32
}
