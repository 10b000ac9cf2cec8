// 2-D convolution O[y][x] += I[y+ky][x+kx] * K[ky][kx].  By hand: O[y][x]
// is accumulated over the 3x3 window in (ky, kx) order, so the store at
// (ky, kx) feeds the load at the next point of the window: (ky, kx + 1),
// or (ky + 1, 0) after kx = 2.  Its distance is (0, 0, 0, 1) or
// (0, 0, 1, -2): per loop, ky 0..1 and kx -2..1.  The relation says which
// pairs occur together.
// RUN: strata-opt --enable-test-passes --test-affine-isl %s -o %t.out 2>&1 | FileCheck %s

// CHECK-LABEL: nest at
// CHECK:       S0: affine.load
// CHECK:         read: { S0[i0, i1, i2, i3] -> arg0[i0 + i2, i1 + i3] }
// CHECK:       WAR S2 -> S3 on arg2 distance (0, 0, 0..2, -2..2) direction (=, =, <=, *)
// CHECK-NEXT:    relation:
// CHECK-NEXT:  RAW S3 -> S2 on arg2 distance (0, 0, 0..1, -2..1) direction (=, =, <=, *)
// CHECK-NEXT:    relation: { S3[i0, i1, i2, i3] -> S2[i0' = i0, i1' = i1, i2' = i2, i3' = 1 + i3] : 0 <= i0 <= 7 and 0 <= i1 <= 7 and 0 <= i2 <= 2 and 0 <= i3 <= 1; S3[i0, i1, i2, i3 = 2] -> S2[i0' = i0, i1' = i1, i2' = 1 + i2, i3' = 0] : 0 <= i0 <= 7 and 0 <= i1 <= 7 and 0 <= i2 <= 1 }
// CHECK-NEXT:  WAW S3 -> S3 on arg2 distance (0, 0, 0..2, -2..2) direction (=, =, <=, *)
// CHECK-NOT:   {{RAW|WAR|WAW}}
func.func @conv2d(%I: memref<10x10xf32>, %K: memref<3x3xf32>, %O: memref<8x8xf32>) {
  affine.for %y = 0 to 8 {
    affine.for %x = 0 to 8 {
      affine.for %ky = 0 to 3 {
        affine.for %kx = 0 to 3 {
          %i = affine.load %I[%y + %ky, %x + %kx] : memref<10x10xf32>
          %k = affine.load %K[%ky, %kx] : memref<3x3xf32>
          %o = affine.load %O[%y, %x] : memref<8x8xf32>
          %p = arith.mulf %i, %k : f32
          %s = arith.addf %o, %p : f32
          affine.store %s, %O[%y, %x] : memref<8x8xf32>
        }
      }
    }
  }
  return
}
