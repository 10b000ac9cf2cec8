// Loads affine-scalrep must keep: the store is in an affine.if (it does
// not dominate the load, and on the else path the load reads memory); the
// store is of another iteration (A[i - 1]: the first iteration reads what
// was there before); a store from an inner loop (its value is not
// available after the loop); and, between two loads of A[i], a store to
// A[i floordiv 2], which is A[i] only when i = 0 (then the second load
// reads the store, otherwise the first load's value: no single source).
// RUN: strata-opt %s --affine-scalrep | FileCheck %s
// RUN: strata-tv %s --entry=kept --pass-pipeline="builtin.module(func.func(affine-scalrep))" | FileCheck %s --check-prefix=TV

// CHECK-LABEL: func.func @kept
// CHECK-COUNT-5: affine.load
// CHECK-NOT:     affine.load
// TV: @kept: 64 inputs agree
#even = affine_set<(d0) : (d0 mod 2 == 0)>
func.func @kept(%A: memref<10xf32>, %B: memref<10xf32>, %v: f32) {
  affine.for %i = 1 to 10 {
    affine.if #even(%i) {
      affine.store %v, %A[%i] : memref<10xf32>
    }
    %a = affine.load %A[%i] : memref<10xf32>
    affine.store %a, %B[%i] : memref<10xf32>
  }
  affine.for %i = 1 to 10 {
    %a = affine.load %A[%i - 1] : memref<10xf32>
    %s = arith.addf %a, %v : f32
    affine.store %s, %A[%i] : memref<10xf32>
  }
  affine.for %i = 0 to 10 {
    affine.for %j = 0 to 3 {
      affine.store %v, %B[%i] : memref<10xf32>
    }
    %b = affine.load %B[%i] : memref<10xf32>
    affine.store %b, %A[%i] : memref<10xf32>
  }
  affine.for %i = 0 to 10 {
    %x = affine.load %A[%i] : memref<10xf32>
    %y = arith.addf %x, %v : f32
    affine.store %y, %A[%i floordiv 2] : memref<10xf32>
    %z = affine.load %A[%i] : memref<10xf32>
    affine.store %z, %B[%i] : memref<10xf32>
  }
  return
}
