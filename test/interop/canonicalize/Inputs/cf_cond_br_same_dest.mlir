// cond_br with the same destination and the same operands on both edges
// is an unconditional branch.
func @cf_cond_br_same_dest(%c: i1, %x: i32) -> i32 {
  cond_br %c, ^bb1(%x : i32), ^bb1(%x : i32)
^bb1(%a: i32):
  return %a : i32
}
