// A band with steps and a lower bound that depends on the outer loop, and
// an affine.if in the body.  i runs over multiples of 4, j over i + 1,
// i + 4, ... below 20; after the interchange j takes every value from 1 to
// 19 and i the multiples of 4 with i = j - 1 (mod 3), below j: a stride of
// 12 from ((j - 1) mod 3) * 4, which isl's code generator finds.  The
// guard is kept, and the result computes the same.
// RUN: strata-opt %s --affine-loop-interchange="permutation='1,0'" | FileCheck %s
// RUN: strata-tv %s --entry=f --pass-pipeline="builtin.module(func.func(affine-loop-interchange{permutation={1,0}}))" | FileCheck %s --check-prefix=TV

// CHECK-DAG:   #[[LB:.*]] = affine_map<(d0) -> (((d0 - 1) mod 3) * 4)>
// CHECK-DAG:   #[[UB:.*]] = affine_map<(d0) -> (16, d0)>
// CHECK-LABEL: func.func @f
// CHECK:       affine.for %[[J:.*]] = 1 to 20 {
// CHECK-NEXT:    affine.for %[[I:.*]] = #[[LB]](%[[J]]) to min #[[UB]](%[[J]]) step 12 {
// CHECK-NEXT:      affine.if #{{.*}}(%[[I]], %[[J]]) {
// TV: @f: 64 inputs agree
#set = affine_set<(d0, d1) : (d1 - d0 - 2 >= 0)>
func.func @f(%A: memref<16x20xf32>, %B: memref<16x20xf32>) {
  affine.for %i = 0 to 16 step 4 {
    affine.for %j = affine_map<(d0) -> (d0 + 1)>(%i) to 20 step 3 {
      affine.if #set(%i, %j) {
        %a = affine.load %A[%i, %j] : memref<16x20xf32>
        affine.store %a, %B[%i, %j] : memref<16x20xf32>
      } else {
        %a = affine.load %A[%i, %j - 1] : memref<16x20xf32>
        affine.store %a, %B[%i, %j] : memref<16x20xf32>
      }
    }
  }
  return
}
