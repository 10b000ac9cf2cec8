// Nested loops: the inner one runs zero times and disappears, the outer
// one then carries its value unchanged.
func @scf_for_nested(%n: index, %x: f32) -> f32 {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %r = scf.for %i = %c0 to %n step %c1 iter_args(%a = %x) -> (f32) {
    %s = scf.for %j = %c1 to %c1 step %c1 iter_args(%b = %a) -> (f32) {
      %m = arith.mulf %b, %b : f32
      scf.yield %m : f32
    }
    scf.yield %s : f32
  }
  return %r : f32
}
