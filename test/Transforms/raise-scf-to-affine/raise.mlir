// raise-scf-to-affine: scf.for with affine bounds and a constant step
// becomes affine.for (an inner bound that is an outer induction variable
// is a dim); memref accesses with dim or symbol indices become affine
// ones; a loop whose bound is computed by arith stays scf.for.
// RUN: strata-opt %s --pass-pipeline='builtin.module(func.func(raise-scf-to-affine))' | FileCheck %s

// CHECK-LABEL: func.func @f
// CHECK: affine.for %[[I:.*]] = 0 to %arg1 step 2 {
// CHECK-NEXT: affine.for %[[J:.*]] = #{{.*}}(%[[I]]) to 8 {
// CHECK-NEXT: %[[V:.*]] = affine.load %arg0[%[[I]], %[[J]]] : memref<8x8xf32>
// CHECK-NEXT: affine.store %[[V]], %arg0[%[[J]], %[[I]]] : memref<8x8xf32>
// CHECK: scf.for
// CHECK: memref.load
func.func @f(%A: memref<8x8xf32>, %n: index) {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c2 = arith.constant 2 : index
  %c8 = arith.constant 8 : index
  scf.for %i = %c0 to %n step %c2 {
    scf.for %j = %i to %c8 step %c1 {
      %v = memref.load %A[%i, %j] : memref<8x8xf32>
      memref.store %v, %A[%j, %i] : memref<8x8xf32>
    }
    %k = arith.muli %i, %i : index
    scf.for %j = %c0 to %k step %c1 {
      %v = memref.load %A[%k, %j] : memref<8x8xf32>
      memref.store %v, %A[%j, %j] : memref<8x8xf32>
    }
  }
  return
}
