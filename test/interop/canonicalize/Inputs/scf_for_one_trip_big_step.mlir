// lb 2, ub 7, step 10: one iteration, so the body is inlined.
func @scf_for_one_trip_big_step(%x: index) -> index {
  %c2 = arith.constant 2 : index
  %c7 = arith.constant 7 : index
  %c10 = arith.constant 10 : index
  %r = scf.for %i = %c2 to %c7 step %c10 iter_args(%a = %x) -> (index) {
    %n = arith.muli %a, %i : index
    scf.yield %n : index
  }
  return %r : index
}
