// The shape of lower-affine's output (MLIR's expansions): a floordiv
// through a sign test around arith.divsi, a loop from the max of its lower
// bounds as cmpi+select, an affine.if as scf.if on the conjunction of its
// constraints, loads and stores on memref.
// RUN: strata-opt %s --lower-affine | FileCheck %s

// CHECK-LABEL: func.func @f
func.func @f(%A: memref<8xi32>, %n: index) {
  // CHECK: %[[LB0:.*]] = arith.addi %arg1, %{{.*}} : index
  // CHECK: %[[GT:.*]] = arith.cmpi sgt, %{{.*}}, %[[LB0]] : index
  // CHECK: %[[LB:.*]] = arith.select %[[GT]]
  // CHECK: scf.for %[[I:.*]] = %[[LB]] to %{{.*}} step %{{.*}} {
  affine.for %i = max affine_map<()[s0] -> (s0 - 2, 0)>()[%n] to 8 {
    // CHECK: %[[NEG:.*]] = arith.cmpi slt, %[[I]], %{{.*}} : index
    // CHECK: %[[DIVIDEND:.*]] = arith.select %[[NEG]]
    // CHECK: %[[Q:.*]] = arith.divsi %[[DIVIDEND]], %{{.*}} : index
    // CHECK: %[[IDX:.*]] = arith.select %[[NEG]], %{{.*}}, %[[Q]] : index
    // CHECK: %[[V:.*]] = memref.load %arg0[%[[IDX]]] : memref<8xi32>
    %v = affine.load %A[%i floordiv 2] : memref<8xi32>
    // CHECK: %[[C1:.*]] = arith.cmpi sge
    // CHECK: %[[C2:.*]] = arith.cmpi eq
    // CHECK: %[[C:.*]] = arith.andi %[[C1]], %[[C2]] : i1
    // CHECK: scf.if %[[C]] {
    // CHECK-NEXT: memref.store %[[V]], %arg0[%[[I]]] : memref<8xi32>
    affine.if affine_set<(d0) : (d0 - 1 >= 0, d0 mod 2 == 0)>(%i) {
      affine.store %v, %A[%i] : memref<8xi32>
    }
  }
  return
}
