// gemm's loops i, j, k moved to j, k, i (permutation=2,0,1: loop 0 goes to
// position 2, loop 1 to 0, loop 2 to 1).  The only dependences are on C
// and carried by k, with distance (0, 0, 1) in (i, j, k): in the new order
// (j, k, i) that is (0, 1, 0), still forward, so the request is legal.
// The interpreter checks the result on drawn inputs.
// RUN: strata-opt %s --affine-loop-interchange="permutation='2,0,1'" | FileCheck %s
// RUN: strata-tv %s --entry=gemm --pass-pipeline="builtin.module(func.func(affine-loop-interchange{permutation={2,0,1}}))" | FileCheck %s --check-prefix=TV

// CHECK-LABEL: func.func @gemm
// CHECK:       affine.for %[[J:.*]] = 0 to 12 {
// CHECK-NEXT:    affine.for %[[K:.*]] = 0 to 8 {
// CHECK-NEXT:      affine.for %[[I:.*]] = 0 to 16 {
// CHECK-NEXT:        affine.load %{{.*}}[%[[I]], %[[K]]] : memref<16x8xf32>
// CHECK-NEXT:        affine.load %{{.*}}[%[[K]], %[[J]]] : memref<8x12xf32>
// CHECK-NEXT:        affine.load %{{.*}}[%[[I]], %[[J]]] : memref<16x12xf32>
// CHECK-NEXT:        arith.mulf
// CHECK-NEXT:        arith.addf
// CHECK-NEXT:        affine.store %{{.*}}, %{{.*}}[%[[I]], %[[J]]] : memref<16x12xf32>
// CHECK-NEXT:      }
// CHECK-NEXT:    }
// CHECK-NEXT:  }
// TV: @gemm: 64 inputs agree
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
