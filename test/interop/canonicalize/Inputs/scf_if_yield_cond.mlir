// An scf.if yielding true in then and false in else is its condition.
func @scf_if_yield_cond(%c: i1) -> i1 {
  %t = arith.constant true
  %f = arith.constant false
  %r = scf.if %c -> (i1) {
    scf.yield %t : i1
  } else {
    scf.yield %f : i1
  }
  return %r : i1
}
