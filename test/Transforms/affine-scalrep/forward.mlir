// Store-to-load forwarding: T[i] is read right after it is stored in the
// same iteration, so the load takes the stored value; T is then only
// written (and freed), so it goes with its stores, as in MLIR.  In the
// second nest C[i][j] is loaded twice with no store in between (the second
// load reuses the first) and loaded again after the store (it takes the
// stored value).
// RUN: strata-opt %s --affine-scalrep | FileCheck %s
// RUN: strata-tv %s --entry=fwd --pass-pipeline="builtin.module(func.func(affine-scalrep))" | FileCheck %s --check-prefix=TV

// CHECK-LABEL: func.func @fwd
// CHECK-NOT:     memref.alloc
// CHECK:         affine.for %[[I:.*]] = 0 to 10 {
// CHECK-NEXT:      %[[A:.*]] = affine.load %arg0[%[[I]]]
// CHECK-NEXT:      %[[S:.*]] = arith.addf %[[A]], %[[A]]
// CHECK-NEXT:      affine.store %[[S]], %arg1[%[[I]]]
// CHECK-NEXT:    }
// CHECK:         affine.for %[[I2:.*]] = 0 to 10 {
// CHECK-NEXT:      affine.for %[[J:.*]] = 0 to 10 {
// CHECK-NEXT:        %[[X:.*]] = affine.load %arg2[%[[I2]], %[[J]]]
// CHECK-NEXT:        %[[Z:.*]] = arith.mulf %[[X]], %[[X]]
// CHECK-NEXT:        affine.store %[[Z]], %arg2[%[[I2]], %[[J]]]
// CHECK-NEXT:        affine.store %[[Z]], %arg1[%[[J]]]
// CHECK-NEXT:      }
// CHECK-NEXT:    }
// CHECK-NOT:     memref.dealloc
// TV: @fwd: 64 inputs agree
func.func @fwd(%A: memref<10xf32>, %B: memref<10xf32>, %C: memref<10x10xf32>) {
  %T = memref.alloc() : memref<10xf32>
  affine.for %i = 0 to 10 {
    %a = affine.load %A[%i] : memref<10xf32>
    affine.store %a, %T[%i] : memref<10xf32>
    %t = affine.load %T[%i] : memref<10xf32>
    %s = arith.addf %t, %t : f32
    affine.store %s, %B[%i] : memref<10xf32>
  }
  affine.for %i = 0 to 10 {
    affine.for %j = 0 to 10 {
      %x = affine.load %C[%i, %j] : memref<10x10xf32>
      %y = affine.load %C[%i, %j] : memref<10x10xf32>
      %z = arith.mulf %x, %y : f32
      affine.store %z, %C[%i, %j] : memref<10x10xf32>
      %w = affine.load %C[%i, %j] : memref<10x10xf32>
      affine.store %w, %B[%j] : memref<10xf32>
    }
  }
  memref.dealloc %T : memref<10xf32>
  return
}
