// An scf.if with real work on both sides stays.
func @scf_if_nonconst_kept(%c: i1, %x: i32, %y: i32) -> i32 {
  %r = scf.if %c -> (i32) {
    %a = arith.addi %x, %y : i32
    scf.yield %a : i32
  } else {
    %b = arith.muli %x, %y : i32
    scf.yield %b : i32
  }
  return %r : i32
}
