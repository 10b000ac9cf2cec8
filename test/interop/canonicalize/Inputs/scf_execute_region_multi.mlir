// A multi-block scf.execute_region whose parent is a function body is
// inlined with its blocks.
func @scf_execute_region_multi(%c: i1, %x: i32, %y: i32) -> i32 {
  %r = scf.execute_region -> i32 {
    cond_br %c, ^bb1, ^bb2
  ^bb1:
    scf.yield %x : i32
  ^bb2:
    scf.yield %y : i32
  }
  return %r : i32
}
