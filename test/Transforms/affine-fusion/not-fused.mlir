// Pairs affine-loop-fusion leaves alone without a word, as MLIR's pass
// does when no fusion applies: loops over different iterations, and nests
// separated by an op with memory effects.
// RUN: strata-opt %s --affine-loop-fusion | FileCheck %s
// RUN: strata-tv %s --entry=store_between --pass-pipeline="builtin.module(func.func(affine-loop-fusion))" | FileCheck %s --check-prefix=TV
// TV: @store_between: 64 inputs agree

// CHECK-LABEL: func.func @different_bounds
// CHECK-COUNT-2: affine.for
func.func @different_bounds(%A: memref<32xf32>, %B: memref<32xf32>) {
  affine.for %i = 0 to 32 {
    %a = affine.load %A[%i] : memref<32xf32>
    affine.store %a, %B[%i] : memref<32xf32>
  }
  affine.for %i = 0 to 16 {
    %b = affine.load %B[%i] : memref<32xf32>
    affine.store %b, %A[%i] : memref<32xf32>
  }
  return
}

// CHECK-LABEL: func.func @store_between
// CHECK:         affine.for
// CHECK:         memref.store
// CHECK-NEXT:    affine.for
func.func @store_between(%A: memref<32xf32>, %B: memref<32xf32>, %n: index, %v: f32) {
  affine.for %i = 0 to 32 {
    %a = affine.load %A[%i] : memref<32xf32>
    affine.store %a, %B[%i] : memref<32xf32>
  }
  memref.store %v, %B[%n] : memref<32xf32>
  affine.for %i = 0 to 32 {
    %b = affine.load %B[%i] : memref<32xf32>
    affine.store %b, %A[%i] : memref<32xf32>
  }
  return
}
