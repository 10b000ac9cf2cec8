// The interpreter runs mod ops through their hooks.
// RUN: %mod-run --entry=poly --arg=i64:-3 --arg=index:5 %s | FileCheck %s --check-prefix=POLY
// RUN: %mod-run --entry=poly --arg=i64:100 --arg=index:0 %s | FileCheck %s --check-prefix=ZERO

// (x + 3) * x, to the e-th power, mod 7.  x = -3 = 4: (4 + 3) * 4 = 0.
// POLY: i64:0
// x = 100 = 2, e = 0: 1.
// ZERO: i64:1
func.func @poly(%i: i64, %e: index) -> i64 {
  %c = mod.constant #mod.residue<3> : !mod.int<7>
  %x = mod.from_int %i : !mod.int<7>
  %s = mod.add %x, %c : !mod.int<7>
  %p = mod.mul %s, %x : !mod.int<7>
  %q = mod.pow %p, %e : !mod.int<7>
  %r = mod.to_int %q : !mod.int<7>
  return %r : i64
}

// 2^10 = 1024 modulo 2^32, and (2 * 2 + 2 + 2)^2 = 64 = 4 modulo 10.
// RUN: %mod-run --entry=pow --arg=i64:2 --arg=index:10 %s | FileCheck %s --check-prefix=POW
// POW: i64:1024
// POW-NEXT: i64:4
func.func @pow(%i: i64, %e: index) -> (i64, i64) {
  %x = mod.from_int %i : !mod.int<4294967296>
  %q = mod.pow %x, %e : !mod.int<4294967296>
  %r = mod.to_int %q : !mod.int<4294967296>
  %c = mod.constant #mod.residue<2> : !mod.int<10>
  %k = arith.constant 2 : index
  %y = mod.from_int %i : !mod.int<10>
  %sq = mod.mul %y, %y : !mod.int<10>
  %z = mod.add %sq, %y : !mod.int<10>
  %zz = mod.add %z, %c : !mod.int<10>
  %w = mod.pow %zz, %k : !mod.int<10>
  %s = mod.to_int %w : !mod.int<10>
  return %r, %s : i64, i64
}
