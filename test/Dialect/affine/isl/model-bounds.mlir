// How the model reads loops and subscripts: a step becomes a stride
// constraint on the offset from the lower bound; several results of a
// bound map are a max (lower) or a min (upper); affine.apply results are
// composed in; constants fold; values from outside the nest (function
// arguments, memref.dim) are parameters; floordiv and mod become isl's
// integer divisions.  The load reads A[j floordiv 2 + 5] (5 <= index),
// the store writes A[j mod 3] (index < 3): only the store meets itself.
// RUN: strata-opt --enable-test-passes --test-affine-isl %s -o %t.out 2>&1 | FileCheck %s

// CHECK-LABEL: nest at
// CHECK-NEXT:  param P0: memref.dim at [[# @LINE + 16]]:8
// CHECK-NEXT:  param arg1
// CHECK-NEXT:  S0: affine.load
// CHECK-NEXT:    domain: [P0, arg1] -> { S0[i0, i1] : (i0) mod 4 = 0 and 0 <= i0 < P0 and i0 <= i1 <= 99 and i1 <= 7 + i0 and i1 < arg1 }
// CHECK-NEXT:    read: [P0, arg1] -> { S0[i0, i1] -> arg0[o0] : 9 + i1 <= 2o0 <= 10 + i1 }
// CHECK-NEXT:    schedule:
// CHECK-NEXT:  S1: affine.store
// CHECK-NEXT:    domain:
// CHECK-NEXT:    write: [P0, arg1] -> { S1[i0, i1] -> arg0[o0] : (-i1 + o0) mod 3 = 0 and 0 <= o0 <= 2 }
// CHECK-NEXT:    schedule:
// CHECK-NEXT:  WAW S1 -> S1 on arg0 distance (0..96, -3..99) direction (<=, *)
// CHECK-NOT:   {{RAW|WAR|WAW}}
#ub = affine_map<(d0)[s0] -> (d0 + 8, s0, 100)>
func.func @bounds(%A: memref<?xf32>, %n: index) {
  %c0 = arith.constant 0 : index
  %c5 = arith.constant 5 : index
  %m = memref.dim %A, %c0 : memref<?xf32>
  affine.for %i = 0 to %m step 4 {
    affine.for %j = affine_map<(d0) -> (d0)>(%i) to min #ub(%i)[%n] {
      %k = affine.apply affine_map<(d0)[s0] -> (d0 floordiv 2 + s0)>(%j)[%c5]
      %a = affine.load %A[%k] : memref<?xf32>
      affine.store %a, %A[%j mod 3] : memref<?xf32>
    }
  }
  return
}
