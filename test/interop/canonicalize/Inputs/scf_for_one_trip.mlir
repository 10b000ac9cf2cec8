// A loop that runs exactly once is replaced by its body, with the lower
// bound for the induction variable.
func @scf_for_one_trip(%x: i32) -> i32 {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %r = scf.for %i = %c0 to %c1 step %c1 iter_args(%a = %x) -> (i32) {
    %v = arith.index_cast %i : index to i32
    %n = arith.addi %a, %v : i32
    scf.yield %n : i32
  }
  return %r : i32
}
