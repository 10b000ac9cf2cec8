// affine-loop-unroll by 4: the body repeated with the induction variable
// shifted by affine.apply, iter_args threaded through the copies, a
// cleanup loop for the trip count's remainder (10 = 4 * 2 + 2), and a
// loop of exactly the factor's trips replaced by its copies.
// RUN: strata-opt %s --pass-pipeline='builtin.module(func.func(affine-loop-unroll{unroll-factor=4}))' | FileCheck %s
// RUN: strata-opt %s --pass-pipeline='builtin.module(func.func(affine-loop-unroll{unroll-full}))' | FileCheck %s --check-prefix=FULL

// CHECK-LABEL: func.func @sum
// CHECK: %[[MAIN:.*]] = affine.for %[[I:.*]] = 0 to 8 step 4 iter_args(%[[A:.*]] = %arg1) -> (i32) {
// CHECK: %[[L0:.*]] = affine.load %arg0[%[[I]]]
// CHECK: %[[S0:.*]] = arith.addi %[[A]], %[[L0]]
// CHECK: %[[I1:.*]] = affine.apply #{{.*}}(%[[I]])
// CHECK: %[[L1:.*]] = affine.load %arg0[%[[I1]]]
// CHECK: %[[S1:.*]] = arith.addi %[[S0]], %[[L1]]
// CHECK: affine.apply
// CHECK: affine.apply
// CHECK: affine.yield
// CHECK: affine.for %{{.*}} = 8 to 10 iter_args(%{{.*}} = %[[MAIN]]) -> (i32) {
// FULL-LABEL: func.func @sum
// FULL-NOT: affine.for
// FULL: %[[C9:.*]] = arith.constant 9 : index
// FULL: affine.load %arg0[%[[C9]]]
func.func @sum(%A: memref<10xi32>, %z: i32) -> i32 {
  %r = affine.for %i = 0 to 10 iter_args(%a = %z) -> (i32) {
    %v = affine.load %A[%i] : memref<10xi32>
    %s = arith.addi %a, %v : i32
    affine.yield %s : i32
  }
  return %r : i32
}

// A symbolic upper bound: the main loop stops at an affine.apply of the
// bounds, the cleanup starts at the max of it and the lower bound.
// CHECK-LABEL: func.func @symbolic
// CHECK: %[[SPLIT:.*]] = affine.apply #{{.*}}()[%arg1]
// CHECK: affine.for %{{.*}} = 0 to #{{.*}}(%[[SPLIT]]) step 4 {
// CHECK: affine.for %{{.*}} = max #{{.*}}(%[[SPLIT]]) to %arg1 {
func.func @symbolic(%A: memref<?xi32>, %n: index) {
  affine.for %i = 0 to %n {
    %v = affine.load %A[%i] : memref<?xi32>
    affine.store %v, %A[%i] : memref<?xi32>
  }
  return
}
