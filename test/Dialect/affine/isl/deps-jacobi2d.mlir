// jacobi-2d: a time loop around two sweeps, B from A's 3-point
// neighbourhood, then A copied back from B.  By hand, on the loops common
// to the two accesses (only t across the sweeps):
//   B written at t, read back at the same t          RAW (0)
//   A written at t, read by the next sweep at t + 1  RAW (1), three reads
//   A read at t, overwritten at t and every later t  WAR (0..3)
//   B read at t, overwritten from t + 1 on           WAR (1..3)
//   each store rewrites its element every later t    WAW (1..3, 0, 0)
// RUN: strata-opt --enable-test-passes --test-affine-isl %s -o %t.out 2>&1 | FileCheck %s

// CHECK-LABEL: nest at
// CHECK:       S1: affine.load
// CHECK-NEXT:    domain: { S1[i0, i1, i2] : 0 <= i0 <= 3 and 0 < i1 <= 8 and 0 < i2 <= 8 }
// CHECK-NEXT:    read: { S1[i0, i1, i2] -> arg0[i1, -1 + i2] }
// CHECK-NEXT:    schedule: { S1[i0, i1, i2] -> [0, i0, 0, i1, 0, i2, 1] :
// CHECK:       S4: affine.load
// CHECK-NEXT:    domain:
// CHECK-NEXT:    read:
// CHECK-NEXT:    schedule: { S4[i0, i1, i2] -> [0, i0, 1, i1, 0, i2, 0] :
// CHECK:       WAR S0 -> S5 on arg0 distance (0..3) direction (<=)
// CHECK:       WAR S1 -> S5 on arg0 distance (0..3) direction (<=)
// CHECK:       WAR S2 -> S5 on arg0 distance (0..3) direction (<=)
// CHECK:       WAW S3 -> S3 on arg1 distance (1..3, 0, 0) direction (<, =, =)
// CHECK:       RAW S3 -> S4 on arg1 distance (0) direction (=)
// CHECK-NEXT:    relation: { S3[i0, i1, i2] -> S4[i0' = i0, i1' = i1, i2' = i2] : 0 <= i0 <= 3 and 0 < i1 <= 8 and 0 < i2 <= 8 }
// CHECK:       WAR S4 -> S3 on arg1 distance (1..3) direction (<)
// CHECK:       RAW S5 -> S0 on arg0 distance (1) direction (<)
// CHECK:       RAW S5 -> S1 on arg0 distance (1) direction (<)
// CHECK-NEXT:    relation: { S5[i0, i1, i2] -> S1[i0' = 1 + i0, i1' = i1, i2' = 1 + i2] : 0 <= i0 <= 2 and 0 < i1 <= 8 and 0 < i2 <= 7 }
// CHECK:       RAW S5 -> S2 on arg0 distance (1) direction (<)
// CHECK:       WAW S5 -> S5 on arg0 distance (1..3, 0, 0) direction (<, =, =)
// CHECK-NOT:   {{RAW|WAR|WAW}}
func.func @jacobi2d(%A: memref<10x10xf32>, %B: memref<10x10xf32>) {
  %c = arith.constant 0.2 : f32
  affine.for %t = 0 to 4 {
    affine.for %i = 1 to 9 {
      affine.for %j = 1 to 9 {
        %a0 = affine.load %A[%i, %j] : memref<10x10xf32>
        %a1 = affine.load %A[%i, %j - 1] : memref<10x10xf32>
        %a2 = affine.load %A[%i + 1, %j] : memref<10x10xf32>
        %s0 = arith.addf %a0, %a1 : f32
        %s1 = arith.addf %s0, %a2 : f32
        %r = arith.mulf %s1, %c : f32
        affine.store %r, %B[%i, %j] : memref<10x10xf32>
      }
    }
    affine.for %i = 1 to 9 {
      affine.for %j = 1 to 9 {
        %b = affine.load %B[%i, %j] : memref<10x10xf32>
        affine.store %b, %A[%i, %j] : memref<10x10xf32>
      }
    }
  }
  return
}
