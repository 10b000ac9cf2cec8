// Three pointwise stages over the same 32 iterations fuse into one loop:
// each stage reads only what the previous one wrote at the same i (RAW
// distance 0 in the fused loop), so the fused schedule keeps every
// dependence.  The constant between the nests moves above the fused loop.
// RUN: strata-opt %s --affine-loop-fusion | FileCheck %s
// RUN: strata-tv %s --entry=stages --pass-pipeline="builtin.module(func.func(affine-loop-fusion))" | FileCheck %s --check-prefix=TV

// CHECK-LABEL: func.func @stages
// CHECK:         %[[C:.*]] = arith.constant 3.0
// CHECK-NEXT:    affine.for %[[I:.*]] = 0 to 32 {
// CHECK-NEXT:      affine.load %arg0[%[[I]]]
// CHECK-NEXT:      arith.addf
// CHECK-NEXT:      affine.store %{{.*}}, %[[T1:.*]][%[[I]]]
// CHECK-NEXT:      affine.load %[[T1]][%[[I]]]
// CHECK-NEXT:      arith.mulf %{{.*}}, %[[C]]
// CHECK-NEXT:      affine.store %{{.*}}, %[[T2:.*]][%[[I]]]
// CHECK-NEXT:      affine.load %[[T2]][%[[I]]]
// CHECK-NEXT:      affine.store %{{.*}}, %arg1[%[[I]]]
// CHECK-NEXT:    }
// CHECK-NEXT:    memref.dealloc
// TV: @stages: 64 inputs agree
func.func @stages(%In: memref<32xf32>, %Out: memref<32xf32>) {
  %T1 = memref.alloc() : memref<32xf32>
  %T2 = memref.alloc() : memref<32xf32>
  affine.for %i = 0 to 32 {
    %a = affine.load %In[%i] : memref<32xf32>
    %s = arith.addf %a, %a : f32
    affine.store %s, %T1[%i] : memref<32xf32>
  }
  %c = arith.constant 3.0 : f32
  affine.for %i = 0 to 32 {
    %a = affine.load %T1[%i] : memref<32xf32>
    %s = arith.mulf %a, %c : f32
    affine.store %s, %T2[%i] : memref<32xf32>
  }
  affine.for %i = 0 to 32 {
    %a = affine.load %T2[%i] : memref<32xf32>
    affine.store %a, %Out[%i] : memref<32xf32>
  }
  memref.dealloc %T2 : memref<32xf32>
  memref.dealloc %T1 : memref<32xf32>
  return
}
