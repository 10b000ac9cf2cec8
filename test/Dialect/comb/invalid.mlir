// comb verifier and parser errors.
// RUN: strata-opt %s --split-input-file --verify-diagnostics

hw.module @m() {
  // expected-error @+1 {{needs at least one operand}}
  %0 = "comb.add"() : () -> i8
}

// -----

hw.module @m() {
  // expected-error @+1 {{needs at least one operand}}
  %0 = "comb.concat"() : () -> i8
}

// -----

hw.module @m(in %a : !hw.array<2xi8>) {
  // expected-error @+1 {{concat operands must be signless integers}}
  %0 = comb.concat %a : !hw.array<2xi8>
}

// -----

hw.module @m(in %a : i16777215) {
  // expected-error @+1 {{concatenation is wider than 16777215 bits}}
  %0 = comb.concat %a, %a : i16777215, i16777215
}

// -----

hw.module @m(in %a : i8) {
  // expected-error @+1 {{result width 9 is not the sum of the operand widths (8)}}
  %0 = "comb.concat"(%a) : (i8) -> i9
}

// -----

hw.module @m(in %a : i8) {
  // expected-error @+1 {{expected a function type of one input and one result}}
  %0 = comb.extract %a from 0 : i8
}

// -----

hw.module @m(in %a : i8) {
  // expected-error @+1 {{from bit too large for input: bits [6, 10) of an i8}}
  %0 = comb.extract %a from 6 : (i8) -> i4
}

// -----

hw.module @m(in %a : i3) {
  // expected-error @+1 {{result width 8 is not a multiple of the operand width 3}}
  %0 = comb.replicate %a : (i3) -> i8
}

// -----

hw.module @m(in %s : i1) {
  %a = arith.constant 1.0 : f32
  // expected-error @+1 {{result must be a hardware value type}}
  %0 = comb.mux %s, %a, %a : f32
}
