// A nest with affine.if: on and below the diagonal (i >= j) B[i] takes
// A[i][j]; above it (else) A[i][j] takes B[j].  The then-branch's domain is
// the condition, the else-branch's its complement.  By hand:
//   B[i] is written for every j <= i               WAW (0, 1..19)
//   B[j] read above the diagonal at (i, j) is overwritten later at row
//   i' = j > i, any column j' <= j                 WAR (1..19, -19..0)
//   the store to A (above) and the load of A (on/below) never meet, nor
//   does a read of B[j] (at i < j) follow the write of B[j] (at row j).
// RUN: strata-opt --enable-test-passes --test-affine-isl %s -o %t.out 2>&1 | FileCheck %s

// CHECK-LABEL: nest at
// CHECK-NEXT:  S0: affine.load
// CHECK-NEXT:    domain: { S0[i0, i1] : 0 <= i0 <= 19 and 0 <= i1 <= 19 and i1 <= i0 }
// CHECK:       S2: affine.load
// CHECK-NEXT:    domain: { S2[i0, i1] : 0 <= i0 <= 19 and i1 > i0 and 0 <= i1 <= 19 }
// CHECK:       WAW S1 -> S1 on arg1 distance (0, 1..19) direction (=, <)
// CHECK-NEXT:    relation:
// CHECK-NEXT:  WAR S2 -> S1 on arg1 distance (1..19, -19..0) direction (<, >=)
// CHECK-NOT:   {{RAW|WAR|WAW}}
#set = affine_set<(d0, d1) : (d0 - d1 >= 0)>
func.func @guarded(%A: memref<20x20xf32>, %B: memref<20xf32>) {
  affine.for %i = 0 to 20 {
    affine.for %j = 0 to 20 {
      affine.if #set(%i, %j) {
        %a = affine.load %A[%i, %j] : memref<20x20xf32>
        affine.store %a, %B[%i] : memref<20xf32>
      } else {
        %b = affine.load %B[%j] : memref<20xf32>
        affine.store %b, %A[%i, %j] : memref<20x20xf32>
      }
    }
  }
  return
}
