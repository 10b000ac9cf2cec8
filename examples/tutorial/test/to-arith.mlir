// convert-mod-to-arith: the ops become arith (and scf for pow) on i64.
// RUN: %mod-opt --convert-mod-to-arith %s | FileCheck %s
// The lowered function computes what the original does, on drawn inputs
// (strata-tv interprets both).
// RUN: %mod-tv --entry=poly --pass-pipeline='builtin.module(convert-mod-to-arith)' %s

// CHECK-LABEL: func.func @poly(
// CHECK-SAME: %[[I:.*]]: i64, %[[E0:.*]]: index) -> i64
// CHECK-NOT: mod.
// CHECK: %[[E:.*]] = arith.remui %[[E0]], %{{.*}} : index
// CHECK-DAG: %[[C3:.*]] = arith.constant 3 : i64
// CHECK-DAG: %[[C7:.*]] = arith.constant 7 : i64
// CHECK: %[[R0:.*]] = arith.remsi %[[I]], %[[C7]] : i64
// CHECK: %[[R1:.*]] = arith.addi %[[R0]], %[[C7]] : i64
// CHECK: %[[X:.*]] = arith.remsi %[[R1]], %[[C7]] : i64
// CHECK: %[[S0:.*]] = arith.addi %[[X]], %[[C3]] : i64
// CHECK: %[[S:.*]] = arith.remui %[[S0]], %{{.*}} : i64
// CHECK: %[[P0:.*]] = arith.muli %[[S]], %[[X]] : i64
// CHECK: %[[P:.*]] = arith.remui %[[P0]], %{{.*}} : i64
// CHECK: %[[Q:.*]] = scf.for %{{.*}} = %{{.*}} to %[[E]] step %{{.*}} iter_args(%[[ACC:.*]] = %{{.*}}) -> (i64) {
// CHECK: %[[M:.*]] = arith.muli %[[ACC]], %[[P]] : i64
// CHECK: %[[N:.*]] = arith.remui %[[M]], %{{.*}} : i64
// CHECK: scf.yield %[[N]] : i64
// CHECK: return %[[Q]] : i64
func.func @poly(%i: i64, %e0: index) -> i64 {
  // Keep the drawn exponent small: the lowered loop runs e trips.
  %c16 = arith.constant 16 : index
  %e = arith.remui %e0, %c16 : index
  %c = mod.constant #mod.residue<3> : !mod.int<7>
  %x = mod.from_int %i : !mod.int<7>
  %s = mod.add %x, %c : !mod.int<7>
  %p = mod.mul %s, %x : !mod.int<7>
  %q = mod.pow %p, %e : !mod.int<7>
  %r = mod.to_int %q : !mod.int<7>
  return %r : i64
}

// Folding happens during the conversion too: x^0 folds to the residue 1,
// a mod.constant, which is converted in turn (and x's uses with it).
// RUN: %mod-tv --entry=pow_zero --pass-pipeline='builtin.module(convert-mod-to-arith)' %s
// CHECK-LABEL: func.func @pow_zero(
// CHECK-NOT: mod.
// CHECK: arith.remsi
// CHECK: %[[X:.*]] = arith.remsi
// CHECK: %[[ONE:.*]] = arith.constant 1 : i64
// CHECK: %[[S:.*]] = arith.addi %[[ONE]], %[[X]] : i64
// CHECK: %[[R:.*]] = arith.remui %[[S]], %{{.*}} : i64
// CHECK: return %[[R]] : i64
func.func @pow_zero(%i: i64) -> i64 {
  %zero = arith.constant 0 : index
  %x = mod.from_int %i : !mod.int<7>
  %q = mod.pow %x, %zero : !mod.int<7>
  %s = mod.add %q, %x : !mod.int<7>
  %r = mod.to_int %s : !mod.int<7>
  return %r : i64
}
