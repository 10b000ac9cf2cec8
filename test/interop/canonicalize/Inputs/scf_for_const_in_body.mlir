// Constants in a loop body, and ones folding creates there, go to the
// function's entry block.
func @scf_for_const_in_body(%lb: index, %ub: index, %x: i32) -> i32 {
  %c1 = arith.constant 1 : index
  %r = scf.for %i = %lb to %ub step %c1 iter_args(%a = %x) -> (i32) {
    %c2 = arith.constant 2 : i32
    %c3 = arith.constant 3 : i32
    %s = arith.addi %c2, %c3 : i32
    %n = arith.muli %a, %s : i32
    scf.yield %n : i32
  }
  return %r : i32
}
