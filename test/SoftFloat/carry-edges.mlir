// The edges of a carried f32 that stays f32 outside (a scalar argument as
// the init, a result returned as f32): arith-soft-float{memrefs=true}
// bitcasts the argument into the loop once and the result out once, and
// everything between is i32.  The functions give the same results before
// and after the pass in the interpreter (scf.while too, which lower-to-calyx
// does not take, so only here).
// RUN: strata-opt '--pass-pipeline=builtin.module(arith-soft-float{memrefs=true})' %s -o %t.mlir
// RUN: FileCheck %s < %t.mlir
// RUN: strata-run %s --entry=power --arg=f32:1.0000001 --arg=index:5 > %t.ref
// RUN: strata-run %s --entry=grow --arg=f32:0x00000003 --arg=f32:1.0e-30 >> %t.ref
// RUN: strata-run %s --entry=grow --arg=f32:0.15 --arg=f32:1000.0 >> %t.ref
// RUN: strata-run %t.mlir --entry=power --arg=f32:1.0000001 --arg=index:5 > %t.got
// RUN: strata-run %t.mlir --entry=grow --arg=f32:0x00000003 --arg=f32:1.0e-30 >> %t.got
// RUN: strata-run %t.mlir --entry=grow --arg=f32:0.15 --arg=f32:1000.0 >> %t.got
// RUN: diff %t.ref %t.got

// CHECK-LABEL: func.func @power(%arg0: f32, %arg1: index) -> f32
// CHECK: %[[X:.*]] = arith.bitcast %arg0 : f32 to i32
// CHECK: %[[R:.*]] = scf.for {{.*}} iter_args(%[[ACC:.*]] = %[[X]]) -> (i32)
// CHECK-NOT: bitcast
// CHECK: scf.yield %{{.*}} : i32
// CHECK: %[[F:.*]] = arith.bitcast %[[R]] : i32 to f32
// CHECK-NEXT: return %[[F]] : f32
func.func @power(%x: f32, %n: index) -> f32 {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %r = scf.for %i = %c0 to %n step %c1 iter_args(%acc = %x) -> (f32) {
    %t = arith.mulf %acc, %acc : f32
    scf.yield %t : f32
  }
  return %r : f32
}

// Doubles %x until it is not below %lim; the count of steps beside it.
// CHECK-LABEL: func.func @grow
// CHECK: scf.while (%{{.*}} = %{{.*}}, %{{.*}} = %{{.*}}) : (i32, i32) -> (i32, i32)
// CHECK: scf.condition(%{{.*}}) %{{.*}}, %{{.*}} : i32, i32
// CHECK: ^bb0(%{{.*}}: i32, %{{.*}}: i32):
// CHECK: scf.yield %{{.*}}, %{{.*}} : i32, i32
// CHECK: arith.bitcast %{{.*}} : i32 to f32
// CHECK: return %{{.*}}, %{{.*}} : f32, i32
func.func @grow(%x: f32, %lim: f32) -> (f32, i32) {
  %c0 = arith.constant 0 : i32
  %c1 = arith.constant 1 : i32
  %r:2 = scf.while (%v = %x, %k = %c0) : (f32, i32) -> (f32, i32) {
    %go = arith.cmpf olt, %v, %lim : f32
    scf.condition(%go) %v, %k : f32, i32
  } do {
  ^bb0(%w: f32, %n: i32):
    %d = arith.addf %w, %w : f32
    %n2 = arith.addi %n, %c1 : i32
    scf.yield %d, %n2 : f32, i32
  }
  return %r#0, %r#1 : f32, i32
}
