// A switch with only a default destination is a branch.
func @cf_switch_only_default(%f: i32, %x: i32) -> i32 {
  switch %f : i32, [
    default: ^bb1(%x : i32)
  ]
^bb1(%a: i32):
  return %a : i32
}
