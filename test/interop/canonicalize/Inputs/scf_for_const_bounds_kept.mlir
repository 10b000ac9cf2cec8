// A loop with constant bounds and several iterations stays a loop.
func @scf_for_const_bounds_kept(%x: i32) -> i32 {
  %c0 = arith.constant 0 : index
  %c10 = arith.constant 10 : index
  %c1 = arith.constant 1 : index
  %r = scf.for %i = %c0 to %c10 step %c1 iter_args(%a = %x) -> (i32) {
    %v = arith.index_cast %i : index to i32
    %n = arith.addi %a, %v : i32
    scf.yield %n : i32
  }
  return %r : i32
}
