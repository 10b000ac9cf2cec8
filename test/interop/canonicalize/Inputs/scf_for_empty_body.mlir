// A loop with no results and nothing in its body does nothing.
func @scf_for_empty_body(%lb: index, %ub: index) {
  %c1 = arith.constant 1 : index
  scf.for %i = %lb to %ub step %c1 {
  }
  return
}
