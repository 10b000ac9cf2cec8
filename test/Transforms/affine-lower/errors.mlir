// What lower-affine refuses: a reduction whose kind does not apply to its
// type (no identity to start the accumulator from), and an affine.parallel
// without dimensions.
// RUN: strata-opt %s --split-input-file --verify-diagnostics --lower-affine

func.func @f() -> i32 {
  // expected-error @+1 {{'affine.parallel' op cannot lower reduction 'addf' of this type}}
  %r = affine.parallel (%i) = (0) to (2) reduce ("addf") -> (i32) {
    %c = arith.constant 1 : i32
    affine.yield %c : i32
  }
  return %r : i32
}

// -----

func.func @f() {
  // expected-error @+1 {{'affine.parallel' op cannot lower an affine.parallel without dimensions}}
  affine.parallel () = () to () {
  }
  return
}
