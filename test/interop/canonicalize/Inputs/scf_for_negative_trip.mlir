// A loop whose lower bound is above its upper bound runs zero times.
func @scf_for_negative_trip(%x: i32) -> i32 {
  %c8 = arith.constant 8 : index
  %c2 = arith.constant 2 : index
  %c1 = arith.constant 1 : index
  %r = scf.for %i = %c8 to %c2 step %c1 iter_args(%a = %x) -> (i32) {
    %n = arith.addi %a, %a : i32
    scf.yield %n : i32
  }
  return %r : i32
}
