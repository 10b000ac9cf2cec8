// The polyhedral model and the dependences of gemm (C += A * B, loops i,
// j, k).  By hand: C[i][j] is read (S2) and written (S3) on every k, so
// the value-based RAW goes from the store at k to the load at k + 1,
// distance (0, 0, 1); the load at k is overwritten by the store at k and
// every later k (WAR, 0..7); the store at k is overwritten at every later
// k (WAW, 1..7).  A and B are only read: no dependence.
// RUN: strata-opt --enable-test-passes --test-affine-isl %s -o %t.out 2>&1 | FileCheck %s

// CHECK-LABEL: nest at 15:3
// CHECK-NEXT:  S0: affine.load at 18:14
// CHECK-NEXT:    domain: { S0[i0, i1, i2] : 0 <= i0 <= 15 and 0 <= i1 <= 11 and 0 <= i2 <= 7 }
// CHECK-NEXT:    read: { S0[i0, i1, i2] -> arg0[i0, i2] }
// CHECK-NEXT:    schedule: { S0[i0, i1, i2] -> [0, i0, 0, i1, 0, i2, 0] : 0 <= i0 <= 15 and 0 <= i1 <= 11 and 0 <= i2 <= 7 }
func.func @gemm(%A: memref<16x8xf32>, %B: memref<8x12xf32>, %C: memref<16x12xf32>) {
  affine.for %i = 0 to 16 {
    affine.for %j = 0 to 12 {
      affine.for %k = 0 to 8 {
        %a = affine.load %A[%i, %k] : memref<16x8xf32>
        %b = affine.load %B[%k, %j] : memref<8x12xf32>
        %c = affine.load %C[%i, %j] : memref<16x12xf32>
        %p = arith.mulf %a, %b : f32
        %s = arith.addf %c, %p : f32
        affine.store %s, %C[%i, %j] : memref<16x12xf32>
      }
    }
  }
  return
}
// CHECK:       S1: affine.load at 19:14
// CHECK-NEXT:    domain:
// CHECK-NEXT:    read: { S1[i0, i1, i2] -> arg1[i2, i1] }
// CHECK-NEXT:    schedule: { S1[i0, i1, i2] -> [0, i0, 0, i1, 0, i2, 1] :
// CHECK:       S3: affine.store at 23:9
// CHECK-NEXT:    domain:
// CHECK-NEXT:    write: { S3[i0, i1, i2] -> arg2[i0, i1] }
// CHECK-NEXT:    schedule: { S3[i0, i1, i2] -> [0, i0, 0, i1, 0, i2, 3] :
// CHECK-NEXT:  WAR S2 -> S3 on arg2 distance (0, 0, 0..7) direction (=, =, <=)
// CHECK-NEXT:    relation: { S2[i0, i1, i2] -> S3[i0' = i0, i1' = i1, i2'] : 0 <= i0 <= 15 and 0 <= i1 <= 11 and i2 >= 0 and i2 <= i2' <= 7 }
// CHECK-NEXT:  RAW S3 -> S2 on arg2 distance (0, 0, 1) direction (=, =, <)
// CHECK-NEXT:    relation: { S3[i0, i1, i2] -> S2[i0' = i0, i1' = i1, i2' = 1 + i2] : 0 <= i0 <= 15 and 0 <= i1 <= 11 and 0 <= i2 <= 6 }
// CHECK-NEXT:  WAW S3 -> S3 on arg2 distance (0, 0, 1..7) direction (=, =, <)
// CHECK-NOT:   {{RAW|WAR|WAW}}
