// A store whose every value is overwritten in the nest before anything
// reads it is erased (MLIR's unused store elimination): B[i] is written
// twice per iteration.  A[j] written for every i is overwritten by the
// next i, but the last i's values stay: that store is kept.
// RUN: strata-opt %s --affine-scalrep | FileCheck %s
// RUN: strata-tv %s --entry=dead --pass-pipeline="builtin.module(func.func(affine-scalrep))" | FileCheck %s --check-prefix=TV

// CHECK-LABEL: func.func @dead
// CHECK:         affine.for %[[I:.*]] = 0 to 8 {
// CHECK-NEXT:      affine.store %arg3, %arg1[%[[I]]]
// CHECK-NEXT:      affine.for %[[J:.*]] = 0 to 4 {
// CHECK-NEXT:        affine.store %arg2, %arg0[%[[J]]]
// CHECK-NEXT:      }
// CHECK-NEXT:    }
// TV: @dead: 64 inputs agree
func.func @dead(%A: memref<8xf32>, %B: memref<8xf32>, %v: f32, %w: f32) {
  affine.for %i = 0 to 8 {
    affine.store %v, %B[%i] : memref<8xf32>
    affine.store %w, %B[%i] : memref<8xf32>
    affine.for %j = 0 to 4 {
      affine.store %v, %A[%j] : memref<8xf32>
    }
  }
  return
}
