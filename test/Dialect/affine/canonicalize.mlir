// affine canonicalization (MLIR's patterns): affine.apply producers and
// constant operands fold into maps, duplicate and unused operands go; a
// loop with no trip or an empty body goes; an empty else goes; an
// affine.if decided by constants becomes the region taken.
// RUN: strata-opt %s --canonicalize | FileCheck %s

// CHECK-LABEL: func.func @compose
// CHECK-NEXT: %[[V:.*]] = affine.load %arg0[%arg1 * 2 + 7] : memref<100xf32>
// CHECK-NEXT: affine.store %[[V]], %arg0[%arg1] : memref<100xf32>
// CHECK-NEXT: return
func.func @compose(%A: memref<100xf32>, %i: index) {
  %c3 = arith.constant 3 : index
  %a = affine.apply affine_map<(d0) -> (d0 * 2 + 4)>(%i)
  %v = affine.load %A[%a + symbol(%c3)] : memref<100xf32>
  affine.store %v, %A[%i + %i - %i] : memref<100xf32>
  return
}

// CHECK-LABEL: func.func @fold_apply
// CHECK-NEXT: %[[C:.*]] = arith.constant 11 : index
// CHECK-NEXT: return %[[C]], %arg0 : index, index
func.func @fold_apply(%i: index) -> (index, index) {
  %c5 = arith.constant 5 : index
  %a = affine.apply affine_map<(d0) -> (d0 * 2 + 1)>(%c5)
  %m = affine.min affine_map<(d0) -> (d0)>(%i)
  return %a, %m : index, index
}

// CHECK-LABEL: func.func @loops
// CHECK-NEXT: affine.for %{{.*}} = 0 to 10 {
// CHECK-NEXT: memref.store
// CHECK-NEXT: }
// CHECK-NEXT: return %arg0 : f32
func.func @loops(%x: f32, %A: memref<10xindex>) -> f32 {
  %c10 = arith.constant 10 : index
  affine.for %i = 0 to %c10 {
    memref.store %i, %A[%i] : memref<10xindex>
  }
  affine.for %i = 0 to 10 {
  }
  affine.for %i = 5 to 5 {
    memref.store %i, %A[%i] : memref<10xindex>
  }
  %r = affine.for %i = 0 to 10 iter_args(%a = %x) -> (f32) {
    affine.yield %a : f32
  }
  return %r : f32
}

// CHECK-LABEL: func.func @ifs
// CHECK-DAG: %c0 = arith.constant 0 : index
// CHECK-DAG: %c1 = arith.constant 1 : index
// CHECK: affine.if
// CHECK-SAME: #{{.*}}(%arg0) {
// CHECK-NEXT: memref.store %arg0, %arg1[%c0]
// CHECK-NEXT: }
// CHECK-NEXT: memref.store %arg0, %arg1[%c1]
// CHECK-NEXT: return
func.func @ifs(%i: index, %A: memref<2xindex>) {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  affine.if affine_set<(d0) : (d0 >= 0)>(%i) {
    memref.store %i, %A[%c0] : memref<2xindex>
  } else {
  }
  %c2 = arith.constant 2 : index
  affine.if affine_set<(d0) : (d0 - 3 >= 0)>(%c2) {
    memref.store %i, %A[%c0] : memref<2xindex>
  } else {
    memref.store %i, %A[%c1] : memref<2xindex>
  }
  return
}
