// An iter_arg whose result is unused and that only feeds its own yield:
// MLIR 14 keeps it.
func @scf_for_unused_iter_arg(%lb: index, %ub: index, %x: i32, %y: i32) -> i32 {
  %c1 = arith.constant 1 : index
  %r:2 = scf.for %i = %lb to %ub step %c1 iter_args(%a = %x, %b = %y) -> (i32, i32) {
    %n = arith.addi %a, %a : i32
    %m = arith.muli %b, %b : i32
    scf.yield %n, %m : i32, i32
  }
  return %r#0 : i32
}
