// A loop whose constant bounds are equal runs zero times: its results are
// its initial values.
func @scf_for_zero_trip(%x: i32) -> i32 {
  %c4 = arith.constant 4 : index
  %c1 = arith.constant 1 : index
  %r = scf.for %i = %c4 to %c4 step %c1 iter_args(%a = %x) -> (i32) {
    %n = arith.muli %a, %a : i32
    scf.yield %n : i32
  }
  return %r : i32
}
