// arith-soft-float{memrefs=true} retypes the f32 that structured control
// flow carries: iter_args of affine.for and scf.for (with an index beside
// them, one passed through unchanged), scf.if and affine.if results,
// scf.while's arguments, condition and results, and nested loops whose
// inner init is the outer iter_arg.  Inits, region arguments, yields and
// results all become i32, so no f32 and no bitcast is left (the Calyx flow:
// calyx-f32-sum.test, calyx-f32-if.test, calyx-f32-nested.test).
// RUN: strata-opt '--pass-pipeline=builtin.module(arith-soft-float{memrefs=true})' %s | FileCheck %s --implicit-check-not=f32 --implicit-check-not=arith.bitcast
// Without memrefs the carried values stay f32, behind bitcasts.
// RUN: strata-opt --arith-soft-float %s | FileCheck %s --check-prefix=KEEP

// CHECK-LABEL: func.func @for_affine
// CHECK: %[[Z:.*]] = arith.constant 0 : i32
// CHECK: affine.for %{{.*}} = 0 to 8 iter_args(%[[ACC:.*]] = %[[Z]]) -> (i32)
// CHECK: %[[A:.*]] = affine.load %{{.*}} : memref<8xi32>
// CHECK: arith.andi %[[A]], %{{.*}} : i32
// CHECK-NEXT: arith.andi %[[ACC]], %{{.*}} : i32
// CHECK: affine.yield %{{.*}} : i32
// CHECK: affine.store %{{.*}} : memref<1xi32>
// KEEP-LABEL: func.func @for_affine
// KEEP: affine.for {{.*}} -> (f32)
// KEEP: arith.bitcast %{{.*}} : f32 to i32
// KEEP: arith.bitcast %{{.*}} : i32 to f32
// KEEP: affine.yield %{{.*}} : f32
func.func @for_affine(%A: memref<8xf32>, %B: memref<1xf32>) {
  %z = arith.constant 0.0 : f32
  %r = affine.for %i = 0 to 8 iter_args(%acc = %z) -> f32 {
    %a = affine.load %A[%i] : memref<8xf32>
    %b = arith.addf %a, %acc : f32
    affine.yield %b : f32
  }
  affine.store %r, %B[0] : memref<1xf32>
  return
}

// CHECK-LABEL: func.func @for_scf
// CHECK: %[[F:.*]] = memref.load
// CHECK: scf.for {{.*}} iter_args(%{{.*}} = %[[F]], %{{.*}} = %{{.*}}, %[[SAME:.*]] = %[[F]]) -> (i32, index, i32)
// CHECK: scf.yield %{{.*}}, %{{.*}}, %[[SAME]] : i32, index, i32
func.func @for_scf(%A: memref<8xf32>, %B: memref<2xf32>, %n: index) {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %first = memref.load %A[%c0] : memref<8xf32>
  %r:3 = scf.for %i = %c1 to %n step %c1 iter_args(%m = %first, %k = %c0, %keep = %first) -> (f32, index, f32) {
    %a = memref.load %A[%i] : memref<8xf32>
    %b = arith.maximumf %m, %a : f32
    %k2 = arith.addi %k, %c1 : index
    scf.yield %b, %k2, %keep : f32, index, f32
  }
  memref.store %r#0, %B[%c0] : memref<2xf32>
  memref.store %r#2, %B[%c1] : memref<2xf32>
  return
}

// CHECK-LABEL: func.func @if_scf
// CHECK: %[[B:.*]] = memref.load %{{.*}}[%c1] : memref<2xi32>
// CHECK: %[[V:.*]] = scf.if %{{.*}} -> (i32)
// CHECK: scf.yield %{{.*}} : i32
// CHECK: } else {
// CHECK-NEXT: scf.yield %[[B]] : i32
// CHECK: memref.store %[[V]]
func.func @if_scf(%A: memref<2xf32>, %B: memref<1xf32>) {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %a = memref.load %A[%c0] : memref<2xf32>
  %b = memref.load %A[%c1] : memref<2xf32>
  %lt = arith.cmpf olt, %a, %b : f32
  %v = scf.if %lt -> (f32) {
    %s = arith.addf %a, %b : f32
    scf.yield %s : f32
  } else {
    scf.yield %b : f32
  }
  memref.store %v, %B[%c0] : memref<1xf32>
  return
}

// CHECK-LABEL: func.func @if_affine
// CHECK: %[[A:.*]] = affine.load
// CHECK: %[[V:.*]] = affine.if #{{.*}}(%{{.*}}) -> i32
// CHECK: %[[N:.*]] = arith.xori %[[A]], %{{.*}} : i32
// CHECK-NEXT: affine.yield %[[N]] : i32
// CHECK: } else {
// CHECK-NEXT: affine.yield %[[A]] : i32
// CHECK: affine.store %[[V]]
func.func @if_affine(%A: memref<8xf32>) {
  affine.for %i = 0 to 8 {
    %a = affine.load %A[%i] : memref<8xf32>
    %v = affine.if affine_set<(d0) : (d0 - 4 >= 0)>(%i) -> f32 {
      %n = arith.negf %a : f32
      affine.yield %n : f32
    } else {
      affine.yield %a : f32
    }
    affine.store %v, %A[%i] : memref<8xf32>
  }
  return
}

// CHECK-LABEL: func.func @while
// CHECK: %[[X:.*]] = memref.load
// CHECK: %[[R:.*]] = scf.while (%[[V:.*]] = %[[X]]) : (i32) -> i32
// CHECK: scf.condition(%{{.*}}) %[[V]] : i32
// CHECK: } do {
// CHECK-NEXT: ^bb0(%{{.*}}: i32):
// CHECK: scf.yield %{{.*}} : i32
// CHECK: memref.store %[[R]]
func.func @while(%A: memref<2xf32>) {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %x = memref.load %A[%c0] : memref<2xf32>
  %lim = memref.load %A[%c1] : memref<2xf32>
  %r = scf.while (%v = %x) : (f32) -> f32 {
    %go = arith.cmpf olt, %v, %lim : f32
    scf.condition(%go) %v : f32
  } do {
  ^bb0(%w: f32):
    %d = arith.addf %w, %w : f32
    scf.yield %d : f32
  }
  memref.store %r, %A[%c0] : memref<2xf32>
  return
}

// CHECK-LABEL: func.func @nested
// CHECK: %[[T:.*]] = affine.for {{.*}} iter_args(%[[TOT:.*]] = %{{.*}}) -> (i32)
// CHECK: %[[S:.*]] = affine.for {{.*}} iter_args(%{{.*}} = %[[TOT]]) -> (i32)
// CHECK: affine.yield %{{.*}} : i32
// CHECK: affine.store %[[S]]
// CHECK-NEXT: affine.yield %[[S]] : i32
// CHECK: affine.store %[[T]]
func.func @nested(%A: memref<4x8xf32>, %R: memref<4xf32>) {
  %z = arith.constant 0.0 : f32
  %t = affine.for %r = 0 to 4 iter_args(%tot = %z) -> f32 {
    %s = affine.for %c = 0 to 8 iter_args(%acc = %tot) -> f32 {
      %a = affine.load %A[%r, %c] : memref<4x8xf32>
      %y = arith.subf %acc, %a : f32
      affine.yield %y : f32
    }
    affine.store %s, %R[%r] : memref<4xf32>
    affine.yield %s : f32
  }
  affine.store %t, %R[0] : memref<4xf32>
  return
}
