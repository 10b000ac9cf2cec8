// affine-loop-normalize: a loop from L with step s runs from 0 to
// (U - L) ceildiv s with step 1, and L + iv * s replaces the old variable.
// RUN: strata-opt %s --pass-pipeline='builtin.module(func.func(affine-loop-normalize))' | FileCheck %s

// CHECK-DAG: #[[UB:.*]] = affine_map<()[s0] -> ((s0 - 3) ceildiv 2)>
// CHECK-DAG: #[[OLD:.*]] = affine_map<(d0) -> (d0 * 2 + 3)>
// CHECK-LABEL: func.func @f
// CHECK: affine.for %[[I:.*]] = 0 to #[[UB]]()[%arg1] {
// CHECK-NEXT: %[[OLDIV:.*]] = affine.apply #[[OLD]](%[[I]])
// CHECK-NEXT: affine.load %arg0[%[[OLDIV]]]
func.func @f(%A: memref<?xf32>, %n: index) {
  affine.for %i = 3 to %n step 2 {
    %v = affine.load %A[%i] : memref<?xf32>
    affine.store %v, %A[%i] : memref<?xf32>
  }
  return
}

// An already normal loop is unchanged.
// CHECK-LABEL: func.func @g
// CHECK: affine.for %{{.*}} = 0 to 10 {
func.func @g(%A: memref<10xf32>) {
  affine.for %i = 0 to 10 {
    %v = affine.load %A[%i] : memref<10xf32>
    affine.store %v, %A[%i] : memref<10xf32>
  }
  return
}
