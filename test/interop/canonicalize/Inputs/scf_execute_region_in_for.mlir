// A single-block scf.execute_region in a loop body is inlined there.
func @scf_execute_region_in_for(%n: index, %x: i32) -> i32 {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %r = scf.for %i = %c0 to %n step %c1 iter_args(%a = %x) -> (i32) {
    %v = scf.execute_region -> i32 {
      %m = arith.muli %a, %a : i32
      scf.yield %m : i32
    }
    scf.yield %v : i32
  }
  return %r : i32
}
