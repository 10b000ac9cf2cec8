// Interchanging a triangular nest (0 <= j < i < 10) cannot just swap the
// loops: the bounds come from isl's code generator, so j runs over 0..8
// and i over j + 1 .. 9.  Reading A[j][i] and writing A[i][j] never touch
// the same element (one is above the diagonal, the other below), and the
// read of A[i][j] before its store is in the same iteration: legal.
// RUN: strata-opt %s --affine-loop-interchange="permutation='1,0'" | FileCheck %s
// RUN: strata-tv %s --entry=tri --pass-pipeline="builtin.module(func.func(affine-loop-interchange{permutation={1,0}}))" | FileCheck %s --check-prefix=TV

// CHECK-DAG:   #[[LB:.*]] = affine_map<(d0) -> (d0 + 1)>
// CHECK-LABEL: func.func @tri
// CHECK:       affine.for %[[J:.*]] = 0 to 9 {
// CHECK-NEXT:    affine.for %[[I:.*]] = #[[LB]](%[[J]]) to 10 {
// CHECK-NEXT:      affine.load %{{.*}}[%[[I]], %[[J]]]
// CHECK-NEXT:      affine.load %{{.*}}[%[[J]], %[[I]]]
// CHECK-NEXT:      arith.addf
// CHECK-NEXT:      affine.store %{{.*}}, %{{.*}}[%[[I]], %[[J]]]
// TV: @tri: 64 inputs agree
func.func @tri(%A: memref<10x10xf32>) {
  affine.for %i = 0 to 10 {
    affine.for %j = 0 to affine_map<(d0) -> (d0)>(%i) {
      %a = affine.load %A[%i, %j] : memref<10x10xf32>
      %b = affine.load %A[%j, %i] : memref<10x10xf32>
      %s = arith.addf %a, %b : f32
      affine.store %s, %A[%i, %j] : memref<10x10xf32>
    }
  }
  return
}
