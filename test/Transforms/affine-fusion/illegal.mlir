// The second nest reads T[i + 1], which the first writes at iteration
// i + 1: fused at depth 1, the read would come before the write.  The pair
// is left alone with a remark naming the dependence; the nests after it
// still fuse (the third reads only what the second writes at the same i).
// RUN: strata-opt %s --affine-loop-fusion --verify-diagnostics | FileCheck %s
// RUN: strata-tv %s --entry=shifted --pass-pipeline="builtin.module(func.func(affine-loop-fusion))" | FileCheck %s --check-prefix=TV

// CHECK-LABEL: func.func @shifted
// CHECK:         affine.for
// CHECK-NEXT:      affine.load
// CHECK-NEXT:      affine.store
// CHECK-NEXT:    }
// CHECK-NEXT:    affine.for %[[I:.*]] = 0 to 31 {
// CHECK-NEXT:      affine.load %{{.*}}[%[[I]] + 1]
// CHECK-NEXT:      affine.store
// CHECK-NEXT:      affine.load
// CHECK-NEXT:      affine.store
// CHECK-NEXT:    }
// CHECK-NEXT:    return
// TV: @shifted: 64 inputs agree
func.func @shifted(%In: memref<32xf32>, %T: memref<32xf32>, %U: memref<32xf32>, %Out: memref<32xf32>) {
  affine.for %i = 0 to 31 {
    %a = affine.load %In[%i] : memref<32xf32>
    // expected-note@+1 {{source of the dependence (S1)}}
    affine.store %a, %T[%i] : memref<32xf32>
  }
  // expected-remark@+1 {{'affine.for' op not fused with the loop nest before it: fusion would reverse the RAW S1 -> S2 on arg1 (no common loop)}}
  affine.for %i = 0 to 31 {
    // expected-note@+1 {{sink of the dependence (S2)}}
    %a = affine.load %T[%i + 1] : memref<32xf32>
    affine.store %a, %U[%i] : memref<32xf32>
  }
  affine.for %i = 0 to 31 {
    %a = affine.load %U[%i] : memref<32xf32>
    affine.store %a, %Out[%i] : memref<32xf32>
  }
  return
}
