// A 3-stage stencil pipeline modelled as one scope (scope=block): stage 1
// writes T1 from In, stage 2 reads T1[i] and T1[i + 1] into T2, stage 3
// reads T2[i] and T2[i + 2] into Out.  The nests share no loop, so the
// dependences have no distance; by hand, the value-based relations send
// T1[i] to the stage-2 reads at i and i - 1, and T2[i] to the stage-3
// reads at i and i - 2.  The allocations before the first nest are not in
// the scope.
// RUN: strata-opt --enable-test-passes --test-affine-isl='scope=block' %s -o %t.out 2>&1 | FileCheck %s

// CHECK: nests at [[# @LINE + 21]]:3 [[# @LINE + 27]]:3 [[# @LINE + 33]]:3
// CHECK:       S2: affine.store
// CHECK-NEXT:    domain: { S2[i0] : 0 <= i0 <= 32 }
// CHECK-NEXT:    write: { S2[i0] -> A0[i0] }
// CHECK-NEXT:    schedule: { S2[i0] -> [0, i0, 2] : 0 <= i0 <= 32 }
// CHECK:       S4: affine.load
// CHECK-NEXT:    domain:
// CHECK-NEXT:    read: { S4[i0] -> A0[1 + i0] }
// CHECK-NEXT:    schedule: { S4[i0] -> [1, i0, 1] : 0 <= i0 <= 31 }
// CHECK:       RAW S2 -> S3 on A0 (no common loop)
// CHECK-NEXT:    relation: { S2[i0] -> S3[i0' = i0] : 0 <= i0 <= 31 }
// CHECK-NEXT:  RAW S2 -> S4 on A0 (no common loop)
// CHECK-NEXT:    relation: { S2[i0] -> S4[i0' = -1 + i0] : 0 < i0 <= 32 }
// CHECK-NEXT:  RAW S5 -> S6 on A1 (no common loop)
// CHECK-NEXT:    relation: { S5[i0] -> S6[i0' = i0] : 0 <= i0 <= 29 }
// CHECK-NEXT:  RAW S5 -> S7 on A1 (no common loop)
// CHECK-NEXT:    relation: { S5[i0] -> S7[i0' = -2 + i0] : 2 <= i0 <= 31 }
// CHECK-NOT:   {{RAW|WAR|WAW}}
func.func @pipeline(%In: memref<34xf32>, %Out: memref<30xf32>) {
  %T1 = memref.alloc() : memref<33xf32>
  %T2 = memref.alloc() : memref<32xf32>
  affine.for %i = 0 to 33 {
    %a = affine.load %In[%i] : memref<34xf32>
    %b = affine.load %In[%i + 1] : memref<34xf32>
    %s = arith.addf %a, %b : f32
    affine.store %s, %T1[%i] : memref<33xf32>
  }
  affine.for %i = 0 to 32 {
    %a = affine.load %T1[%i] : memref<33xf32>
    %b = affine.load %T1[%i + 1] : memref<33xf32>
    %s = arith.mulf %a, %b : f32
    affine.store %s, %T2[%i] : memref<32xf32>
  }
  affine.for %i = 0 to 30 {
    %a = affine.load %T2[%i] : memref<32xf32>
    %b = affine.load %T2[%i + 2] : memref<32xf32>
    %s = arith.subf %b, %a : f32
    affine.store %s, %Out[%i] : memref<30xf32>
  }
  memref.dealloc %T2 : memref<32xf32>
  memref.dealloc %T1 : memref<33xf32>
  return
}
