// Round trip of every affine op in its custom form, as mlir-opt prints it:
// affine.for with constant, SSA and min/max map bounds, a step and
// iter_args (the empty affine.yield implicit without them); affine.if with
// and without else and results; affine.load/store subscripts with dims and
// symbol(); affine.apply/min/max; affine.parallel with steps, reductions
// and max/min bound groups.  fixed-point.sh checks that printing again
// gives the same text, in custom and generic form.
// RUN: strata-opt %s | FileCheck %s
// RUN: bash %S/../../IR/Inputs/fixed-point.sh strata-opt %s %t

// CHECK-DAG: #[[LB:.*]] = affine_map<(d0)[s0] -> (d0, s0 + 2)>
// CHECK-DAG: #[[UB:.*]] = affine_map<(d0) -> (d0, 20)>
// CHECK-DAG: #[[SET:.*]] = affine_set<(d0)[s0] : (d0 - s0 >= 0, -d0 + 9 >= 0)>
// CHECK-DAG: #[[APPLY:.*]] = affine_map<(d0)[s0] -> (d0 floordiv 2 + s0)>
// CHECK-DAG: #[[MIN:.*]] = affine_map<(d0) -> (d0 + 1, 5)>

// CHECK-LABEL: func.func @loops(%arg0: memref<10x10xf32>, %arg1: index) -> f32 {
func.func @loops(%A: memref<10x10xf32>, %n: index) -> f32 {
  %c0 = arith.constant 0.0 : f32
  // CHECK: affine.for %arg2 = 0 to 10 {
  // CHECK-NEXT: affine.for %arg3 = %arg1 to 10 step 3 {
  // CHECK-NEXT: %[[V:.*]] = affine.load %arg0[%arg2, %arg3 + symbol(%arg1) - 1] : memref<10x10xf32>
  // CHECK-NEXT: affine.store %[[V]], %arg0[%arg3 floordiv 2, symbol(%arg1) * 2] : memref<10x10xf32>
  // CHECK-NEXT: }
  // CHECK-NEXT: }
  affine.for %i = 0 to 10 {
    affine.for %j = %n to 10 step 3 {
      %v = affine.load %A[%i, %j + symbol(%n) - 1] : memref<10x10xf32>
      affine.store %v, %A[%j floordiv 2, symbol(%n) * 2] : memref<10x10xf32>
    }
  }
  // CHECK: %[[S:.*]] = affine.for %arg2 = max #[[LB]](%arg1)[%arg1] to min #[[UB]](%arg1) step 2 iter_args(%arg3 = %cst) -> (f32) {
  // CHECK-NEXT: affine.if #[[SET]](%arg2)[%arg1] {
  // CHECK-NEXT: affine.store %arg3, %arg0[%arg2, %arg2] : memref<10x10xf32>
  // CHECK-NEXT: }
  // CHECK-NEXT: %{{.*}} = affine.apply #[[APPLY]](%arg2)[%arg1]
  // CHECK-NEXT: %{{.*}} = affine.min #[[MIN]](%arg2)
  // CHECK-NEXT: %{{.*}} = affine.max #[[MIN]](%arg2)
  // CHECK-NEXT: affine.yield %arg3 : f32
  // CHECK-NEXT: }
  %s = affine.for %i = max affine_map<(d0)[s0] -> (d0, s0 + 2)>(%n)[%n] to min affine_map<(d0) -> (d0, 20)>(%n) step 2 iter_args(%a = %c0) -> (f32) {
    affine.if affine_set<(d0)[s0] : (d0 - s0 >= 0, -d0 + 9 >= 0)>(%i)[%n] {
      affine.store %a, %A[%i, %i] : memref<10x10xf32>
    }
    %x = affine.apply affine_map<(d0)[s0] -> (d0 floordiv 2 + s0)>(%i)[%n]
    %m = affine.min affine_map<(d0) -> (d0 + 1, 5)>(%i)
    %M = affine.max affine_map<(d0) -> (d0 + 1, 5)>(%i)
    affine.yield %a : f32
  }
  return %s : f32
}

// CHECK-LABEL: func.func @conditionals
func.func @conditionals(%i: index, %A: memref<4xi32>) -> i32 {
  // CHECK: %[[R:.*]] = affine.if #{{.*}}(%arg0) -> i32 {
  // CHECK-NEXT: %[[L:.*]] = affine.load %arg1[%arg0] : memref<4xi32>
  // CHECK-NEXT: affine.yield %[[L]] : i32
  // CHECK-NEXT: } else {
  // CHECK-NEXT: %[[C:.*]] = arith.constant 1 : i32
  // CHECK-NEXT: affine.yield %[[C]] : i32
  // CHECK-NEXT: }
  %r = affine.if affine_set<(d0) : (d0 >= 0, -d0 + 3 >= 0)>(%i) -> i32 {
    %l = affine.load %A[%i] : memref<4xi32>
    affine.yield %l : i32
  } else {
    %c = arith.constant 1 : i32
    affine.yield %c : i32
  }
  // CHECK: affine.if #{{.*}}(%arg0) {
  // CHECK-NEXT: affine.store %[[R]], %arg1[0] : memref<4xi32>
  // CHECK-NEXT: } else {
  // CHECK-NEXT: affine.store %[[R]], %arg1[1] : memref<4xi32>
  // CHECK-NEXT: }
  affine.if affine_set<(d0) : (d0 == 0)>(%i) {
    affine.store %r, %A[0] : memref<4xi32>
  } else {
    affine.store %r, %A[1] : memref<4xi32>
  }
  return %r : i32
}

// CHECK-LABEL: func.func @parallel
func.func @parallel(%A: memref<8x8xf32>, %n: index) -> (f32, f32) {
  // CHECK: %{{.*}}:2 = affine.parallel (%arg2, %arg3) = (0, max(0, %arg1 - 4)) to (8, min(8, %arg1)) step (2, 1) reduce ("addf", "maximumf") -> (f32, f32) {
  // CHECK-NEXT: %[[L:.*]] = affine.load %arg0[%arg2, %arg3] : memref<8x8xf32>
  // CHECK-NEXT: affine.yield %[[L]], %[[L]] : f32, f32
  // CHECK-NEXT: }
  %r:2 = affine.parallel (%i, %j) = (0, max(0, %n - 4)) to (8, min(8, %n)) step (2, 1) reduce ("addf", "maximumf") -> (f32, f32) {
    %v = affine.load %A[%i, %j] : memref<8x8xf32>
    affine.yield %v, %v : f32, f32
  }
  // CHECK: affine.parallel (%arg2) = (0) to (symbol(%arg1)) {
  // CHECK-NEXT: }
  affine.parallel (%i) = (0) to (symbol(%n)) {
  }
  return %r#0, %r#1 : f32, f32
}
