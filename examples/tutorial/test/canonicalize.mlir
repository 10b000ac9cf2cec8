// Folders and the canonicalization pattern, through the core's canonicalize.
// RUN: %mod-opt --canonicalize %s | FileCheck %s

// Constants fold: (3 + 6) * 5 = 45 = 3 mod 7, and 3^4 = 81 = 4 mod 7.
// CHECK-LABEL: func.func @constants
// CHECK-DAG: %[[A:.*]] = arith.constant 3 : i64
// CHECK-DAG: %[[B:.*]] = arith.constant 4 : i64
// CHECK: return %[[A]], %[[B]] : i64, i64
func.func @constants() -> (i64, i64) {
  %a = mod.constant #mod.residue<3> : !mod.int<7>
  %b = mod.constant #mod.residue<6> : !mod.int<7>
  %c = mod.constant #mod.residue<5> : !mod.int<7>
  %e = arith.constant 4 : index
  %s = mod.add %a, %b : !mod.int<7>
  %p = mod.mul %s, %c : !mod.int<7>
  %q = mod.pow %a, %e : !mod.int<7>
  %r = mod.to_int %p : !mod.int<7>
  %t = mod.to_int %q : !mod.int<7>
  return %r, %t : i64, i64
}

// x + 0, x * 1 and x^1 are x; x * 0 is 0; x^0 is 1; a constant moves to
// the right of a commutative op first.
// CHECK-LABEL: func.func @identities
// CHECK-SAME: (%[[X:.*]]: !mod.int<7>)
// CHECK-DAG: %[[ZERO:.*]] = mod.constant #mod.residue<0> : !mod.int<7>
// CHECK-DAG: %[[ONE:.*]] = mod.constant #mod.residue<1> : !mod.int<7>
// CHECK: return %[[X]], %[[X]], %[[X]], %[[ZERO]], %[[ONE]]
func.func @identities(%x: !mod.int<7>) -> (!mod.int<7>, !mod.int<7>, !mod.int<7>, !mod.int<7>, !mod.int<7>) {
  %zero = mod.constant #mod.residue<0> : !mod.int<7>
  %one = mod.constant #mod.residue<1> : !mod.int<7>
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %a = mod.add %zero, %x : !mod.int<7>
  %m = mod.mul %x, %one : !mod.int<7>
  %p = mod.pow %x, %c1 : !mod.int<7>
  %z = mod.mul %x, %zero : !mod.int<7>
  %o = mod.pow %x, %c0 : !mod.int<7>
  return %a, %m, %p, %z, %o : !mod.int<7>, !mod.int<7>, !mod.int<7>, !mod.int<7>, !mod.int<7>
}

// from_int(to_int(x)) is x; the other way round it is not (a reduction).
// CHECK-LABEL: func.func @round_trip
// CHECK-SAME: (%[[X:.*]]: !mod.int<7>, %[[I:.*]]: i64)
// CHECK: %[[R:.*]] = mod.from_int %[[I]] : !mod.int<7>
// CHECK: %[[J:.*]] = mod.to_int %[[R]] : !mod.int<7>
// CHECK: return %[[X]], %[[J]]
func.func @round_trip(%x: !mod.int<7>, %i: i64) -> (!mod.int<7>, i64) {
  %a = mod.to_int %x : !mod.int<7>
  %b = mod.from_int %a : !mod.int<7>
  %r = mod.from_int %i : !mod.int<7>
  %j = mod.to_int %r : !mod.int<7>
  return %b, %j : !mod.int<7>, i64
}

// ... nor across moduli.
// CHECK-LABEL: func.func @other_modulus
// CHECK: mod.from_int
func.func @other_modulus(%x: !mod.int<7>) -> !mod.int<5> {
  %a = mod.to_int %x : !mod.int<7>
  %b = mod.from_int %a : !mod.int<5>
  return %b : !mod.int<5>
}
