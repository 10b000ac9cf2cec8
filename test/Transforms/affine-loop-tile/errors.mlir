// Options the loop transformations refuse, with the loop they were asked
// to transform.
// RUN: not strata-opt %s --pass-pipeline='builtin.module(func.func(affine-loop-tile{tile-sizes=0}))' 2>&1 | FileCheck %s --check-prefix=TILE
// RUN: not strata-opt %s --pass-pipeline='builtin.module(func.func(affine-loop-unroll{unroll-factor=0}))' 2>&1 | FileCheck %s --check-prefix=UNROLL
// RUN: not strata-opt %s --pass-pipeline='builtin.module(func.func(affine-loop-unroll-jam{unroll-jam-factor=65}))' 2>&1 | FileCheck %s --check-prefix=JAM
// TILE: error: 'affine.for' op tile size 0 is not positive
// UNROLL: error: unroll-factor must be at least 1, got 0
// JAM: error: 'affine.for' op unroll-jam-factor 65 is above 64
func.func @f(%A: memref<100xi32>) {
  affine.for %i = 0 to 100 {
    %v = affine.load %A[%i] : memref<100xi32>
    affine.store %v, %A[%i] : memref<100xi32>
  }
  return
}
