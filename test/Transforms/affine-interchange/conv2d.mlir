// 2-D convolution with the window loops moved outside the image loops
// (permutation=2,3,0,1: y, x, ky, kx become ky, kx, y, x).  The
// accumulation into O[y][x] has distances (0, 0, 0, 1) and (0, 0, 1, -2)
// in the old order, (0, 1, 0, 0) and (1, -2, 0, 0) in the new one: both
// still go forward.
// RUN: strata-opt %s --affine-loop-interchange="permutation='2,3,0,1'" | FileCheck %s
// RUN: strata-tv %s --entry=conv2d --pass-pipeline="builtin.module(func.func(affine-loop-interchange{permutation={2,3,0,1}}))" | FileCheck %s --check-prefix=TV

// CHECK-LABEL: func.func @conv2d
// CHECK:       affine.for %[[KY:.*]] = 0 to 3 {
// CHECK-NEXT:    affine.for %[[KX:.*]] = 0 to 3 {
// CHECK-NEXT:      affine.for %[[Y:.*]] = 0 to 8 {
// CHECK-NEXT:        affine.for %[[X:.*]] = 0 to 8 {
// CHECK-NEXT:          affine.load %{{.*}}[%[[Y]] + %[[KY]], %[[X]] + %[[KX]]]
// CHECK-NEXT:          affine.load %{{.*}}[%[[KY]], %[[KX]]]
// CHECK-NEXT:          affine.load %{{.*}}[%[[Y]], %[[X]]]
// TV: @conv2d: 64 inputs agree
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
