// affine-loop-tile builds tile loops (original bounds, step * size) around
// point loops from the tile start to min(start + size, upper bound); the
// min goes when the size divides a constant trip count.  A symbolic
// upper bound joins the min.  Bands with iter_args are left alone.
// RUN: strata-opt %s --pass-pipeline='builtin.module(func.func(affine-loop-tile{tile-sizes=32,25}))' | FileCheck %s

// CHECK-DAG: #[[ID:.*]] = affine_map<(d0) -> (d0)>
// CHECK-DAG: #[[MIN:.*]] = affine_map<(d0) -> (d0 + 32, 100)>
// CHECK-DAG: #[[EXACT:.*]] = affine_map<(d0) -> (d0 + 25)>
// CHECK-DAG: #[[SYM:.*]] = affine_map<(d0)[s0] -> (d0 + 32, s0)>
// CHECK-LABEL: func.func @band
// CHECK: affine.for %[[I:.*]] = 0 to 100 step 32 {
// CHECK-NEXT: affine.for %[[J:.*]] = 0 to 50 step 25 {
// CHECK-NEXT: affine.for %[[II:.*]] = #[[ID]](%[[I]]) to min #[[MIN]](%[[I]]) {
// CHECK-NEXT: affine.for %[[JJ:.*]] = #[[ID]](%[[J]]) to #[[EXACT]](%[[J]]) {
// CHECK-NEXT: affine.load %arg0[%[[II]], %[[JJ]]]
func.func @band(%A: memref<100x50xf32>) {
  affine.for %i = 0 to 100 {
    affine.for %j = 0 to 50 {
      %v = affine.load %A[%i, %j] : memref<100x50xf32>
      affine.store %v, %A[%i, %j] : memref<100x50xf32>
    }
  }
  return
}

// CHECK-LABEL: func.func @symbolic
// CHECK: affine.for %[[I:.*]] = 0 to %arg1 step 32 {
// CHECK-NEXT: affine.for %{{.*}} = #[[ID]](%[[I]]) to min #[[SYM]](%[[I]])[%arg1] {
func.func @symbolic(%A: memref<?xf32>, %n: index) {
  affine.for %i = 0 to %n {
    %v = affine.load %A[%i] : memref<?xf32>
    affine.store %v, %A[%i] : memref<?xf32>
  }
  return
}

// CHECK-LABEL: func.func @carried
// CHECK: affine.for %{{.*}} = 0 to 100 iter_args
func.func @carried(%x: f32) -> f32 {
  %r = affine.for %i = 0 to 100 iter_args(%a = %x) -> (f32) {
    %s = arith.addf %a, %a : f32
    affine.yield %s : f32
  }
  return %r : f32
}
