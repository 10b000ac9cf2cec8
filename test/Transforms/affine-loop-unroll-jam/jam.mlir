// affine-loop-unroll-jam by 2 on gemm's outer loop: the inner loops are
// shared, the straight-line pieces inside them repeated with i + 1.  A
// loop whose iterations may touch the same elements (a time loop over one
// array) is left alone.
// RUN: strata-opt %s --pass-pipeline='builtin.module(func.func(affine-loop-unroll-jam{unroll-jam-factor=2}))' | FileCheck %s

// CHECK-LABEL: func.func @gemm
// CHECK: affine.for %[[I:.*]] = 0 to 4 step 2 {
// CHECK-NEXT: %[[I1:.*]] = affine.apply #{{.*}}(%[[I]])
// CHECK-NEXT: affine.for %[[J:.*]] = 0 to 4 {
// CHECK-NEXT: affine.for %[[K:.*]] = 0 to 4 {
// CHECK: affine.store %{{.*}}, %arg2[%[[I]], %[[J]]]
// CHECK: affine.load %arg0[%[[I1]], %[[K]]]
// CHECK: affine.store %{{.*}}, %arg2[%[[I1]], %[[J]]]
func.func @gemm(%A: memref<4x4xi32>, %B: memref<4x4xi32>, %C: memref<4x4xi32>) {
  affine.for %i = 0 to 4 {
    affine.for %j = 0 to 4 {
      affine.for %k = 0 to 4 {
        %a = affine.load %A[%i, %k] : memref<4x4xi32>
        %b = affine.load %B[%k, %j] : memref<4x4xi32>
        %c = affine.load %C[%i, %j] : memref<4x4xi32>
        %p = arith.muli %a, %b : i32
        %s = arith.addi %c, %p : i32
        affine.store %s, %C[%i, %j] : memref<4x4xi32>
      }
    }
  }
  return
}

// CHECK-LABEL: func.func @time
// CHECK: affine.for %{{.*}} = 0 to 4 {
func.func @time(%A: memref<4xi32>) {
  affine.for %t = 0 to 4 {
    affine.for %i = 1 to 4 {
      %v = affine.load %A[%i - 1] : memref<4xi32>
      affine.store %v, %A[%i] : memref<4xi32>
    }
  }
  return
}
