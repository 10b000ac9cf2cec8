// A triangular nest (j < i < n, n a parameter): A[i][j] is read, A[j][i]
// is read and A[i][j] written.  By hand: the store writes only below the
// diagonal (row > column) and the transposed read only reads above it, so
// they never meet; the only dependence is the read of A[i][j] before the
// store to it in the same iteration (WAR, distance (0, 0)).
// RUN: strata-opt --enable-test-passes --test-affine-isl %s -o %t.out 2>&1 | FileCheck %s

// CHECK-LABEL: nest at
// CHECK-NEXT:  param arg1
// CHECK-NEXT:  S0: affine.load
// CHECK-NEXT:    domain: [arg1] -> { S0[i0, i1] : 0 <= i0 < arg1 and 0 <= i1 < i0 }
// CHECK-NEXT:    read: [arg1] -> { S0[i0, i1] -> arg0[i0, i1] }
// CHECK:       S1: affine.load
// CHECK-NEXT:    domain:
// CHECK-NEXT:    read: [arg1] -> { S1[i0, i1] -> arg0[i1, i0] }
// CHECK:       WAR S0 -> S2 on arg0 distance (0, 0) direction (=, =)
// CHECK-NOT:   {{RAW|WAR|WAW}}
func.func @tri(%A: memref<?x?xf32>, %n: index) {
  affine.for %i = 0 to %n {
    affine.for %j = 0 to affine_map<(d0) -> (d0)>(%i) {
      %a = affine.load %A[%i, %j] : memref<?x?xf32>
      %b = affine.load %A[%j, %i] : memref<?x?xf32>
      %s = arith.addf %a, %b : f32
      affine.store %s, %A[%i, %j] : memref<?x?xf32>
    }
  }
  return
}
