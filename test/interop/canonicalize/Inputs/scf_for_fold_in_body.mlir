// Identities inside a loop body fold away: the yield becomes the iter_arg
// itself, so the loop carries nothing.
func @scf_for_fold_in_body(%lb: index, %ub: index, %x: i32) -> i32 {
  %c1 = arith.constant 1 : index
  %c0 = arith.constant 0 : i32
  %r = scf.for %i = %lb to %ub step %c1 iter_args(%a = %x) -> (i32) {
    %n = arith.addi %a, %c0 : i32
    scf.yield %n : i32
  }
  return %r : i32
}
