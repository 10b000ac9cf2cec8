// The divisions arith-expand rewrites, by an argument: flooring and ceiling
// division, and a remainder beside its quotient (signed and unsigned, the
// quotient before or after the remainder, as the Halide frontend emits them).
func.func @f(%a: i32, %b: i32) -> (i32, i32, i32, i32, i32, i32, i32, i32) {
  %f = arith.floordivsi %a, %b : i32
  %c = arith.ceildivsi %a, %b : i32
  %r = arith.remsi %a, %b : i32
  %q = arith.divsi %a, %b : i32
  %qu = arith.divui %a, %b : i32
  %ru = arith.remui %a, %b : i32
  %r2 = arith.remui %b, %a : i32
  %q2 = arith.divui %b, %a : i32
  return %f, %c, %r, %q, %qu, %ru, %r2, %q2 : i32, i32, i32, i32, i32, i32, i32, i32
}
