// An iter_arg yielded unchanged is loop-invariant: the result is its
// initial value and the iter_arg goes away.
func @scf_for_yield_iter_arg(%lb: index, %ub: index, %x: i32, %y: i32) -> (i32, i32) {
  %c1 = arith.constant 1 : index
  %r:2 = scf.for %i = %lb to %ub step %c1 iter_args(%a = %x, %b = %y) -> (i32, i32) {
    %n = arith.addi %b, %a : i32
    scf.yield %a, %n : i32, i32
  }
  return %r#0, %r#1 : i32, i32
}
