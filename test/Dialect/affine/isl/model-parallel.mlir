// affine.parallel contributes one dimension per induction variable, with
// its bound groups (max of the lower group, min of the upper one) and
// steps; the model orders its iterations lexicographically, so a
// dependence between two iterations of a parallel loop is a race it
// reports.  By hand: every i (0, 2, 4, 6) writes B[j] for the same j, so
// the store meets itself at distance (2..6, 0); j stays within
// max(0, n - 4) <= j < min(8, n).
// RUN: strata-opt --enable-test-passes --test-affine-isl %s -o %t.out 2>&1 | FileCheck %s

// CHECK:       nest at [[# @LINE + 10]]:3
// CHECK-NEXT:  param arg2
// CHECK-NEXT:  S0: affine.load
// CHECK-NEXT:    domain: [arg2] -> { S0[i0, i1] : (i0) mod 2 = 0 and 0 <= i0 <= 7 and i1 >= -4 + arg2 and 0 <= i1 <= 7 and i1 < arg2 }
// CHECK-NEXT:    read: [arg2] -> { S0[i0, i1] -> arg0[i0, i1] }
// CHECK-NEXT:    schedule: [arg2] -> { S0[i0, i1] -> [0, i0, 0, i1, 0] :
// CHECK-NEXT:  S1: affine.store
// CHECK:       WAW S1 -> S1 on arg1 distance (2..6, 0) direction (<, =)
// CHECK-NOT:   {{RAW|WAR|WAW}}
func.func @par(%A: memref<8x8xf32>, %B: memref<8xf32>, %n: index) {
  affine.parallel (%i, %j) = (0, max(0, %n - 4)) to (8, min(8, %n)) step (2, 1) {
    %v = affine.load %A[%i, %j] : memref<8x8xf32>
    affine.store %v, %B[%j] : memref<8xf32>
  }
  return
}
