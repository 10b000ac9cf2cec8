// A loop with unknown bounds and a real recurrence stays.
func @scf_for_dynamic_kept(%lb: index, %ub: index, %st: index, %x: f32) -> f32 {
  %r = scf.for %i = %lb to %ub step %st iter_args(%a = %x) -> (f32) {
    %m = arith.mulf %a, %a : f32
    scf.yield %m : f32
  }
  return %r : f32
}
