// simplify-affine-structures: trivially true and repeated constraints of
// an affine.if go, a constant constraint that fails makes the set empty
// and the if goes with it (its else region would be taken); accesses
// compose their affine.apply producers.
// RUN: strata-opt %s --pass-pipeline='builtin.module(func.func(simplify-affine-structures))' | FileCheck %s

// CHECK-DAG: #[[SET:.*]] = affine_set<(d0) : (d0 - 1 >= 0)>
// CHECK-LABEL: func.func @f
// CHECK: affine.if #[[SET]](%arg0) {
// CHECK-NEXT: affine.load %arg1[%arg0 + 2]
// CHECK-NEXT: affine.store
// CHECK-NEXT: }
// CHECK-NEXT: return
func.func @f(%i: index, %A: memref<10xf32>) {
  affine.if affine_set<(d0) : (d0 - 1 >= 0, 5 >= 0, d0 - 1 >= 0)>(%i) {
    %a = affine.apply affine_map<(d0) -> (d0 + 2)>(%i)
    %v = affine.load %A[%a] : memref<10xf32>
    affine.store %v, %A[%i] : memref<10xf32>
  }
  affine.if affine_set<(d0) : (d0 >= 0, -1 >= 0)>(%i) {
    %v = affine.load %A[%i] : memref<10xf32>
    affine.store %v, %A[%i] : memref<10xf32>
  }
  return
}
