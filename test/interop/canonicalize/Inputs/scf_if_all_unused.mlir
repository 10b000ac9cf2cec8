// An scf.if with only pure ops and unused results is erased.
func @scf_if_all_unused(%c: i1, %x: i32, %y: i32) {
  %r = scf.if %c -> (i32) {
    %a = arith.addi %x, %y : i32
    scf.yield %a : i32
  } else {
    scf.yield %y : i32
  }
  return
}
