// arith-soft-float{memrefs=true}: f32 memrefs of the arguments and of
// allocations become i32 ones (the function's type too); loads give the
// bits the lowered ops read, stores take the bits they made, and no bitcast
// is left when every f32 goes through memories.  (Executed in the Calyx
// flow: calyx-f32.test.)
// RUN: strata-opt '--pass-pipeline=builtin.module(arith-soft-float{memrefs=true})' %s | FileCheck %s --implicit-check-not=f32
// RUN: strata-opt --split-input-file --verify-diagnostics '--pass-pipeline=builtin.module(arith-soft-float{memrefs=true})' %S/Inputs/memrefs-refused.mlir

// CHECK-LABEL: func.func @scale(%{{.*}}: memref<8xi32>, %{{.*}}: memref<8xi32>)
// CHECK: memref.alloc() : memref<8xi32>
// CHECK: affine.load %{{.*}} : memref<8xi32>
// CHECK: arith.subi
// CHECK: affine.store %{{.*}} : memref<8xi32>
// CHECK: memref.load %{{.*}} : memref<8xi32>
// CHECK: memref.store %{{.*}} : memref<8xi32>
// CHECK: memref.dealloc
func.func @scale(%A: memref<8xf32>, %B: memref<8xf32>) {
  %t = memref.alloc() : memref<8xf32>
  %c0 = arith.constant 0 : index
  affine.for %i = 0 to 8 {
    %a = affine.load %A[%i] : memref<8xf32>
    %q = arith.divf %a, %a : f32
    affine.store %q, %t[%i] : memref<8xf32>
  }
  %v = memref.load %t[%c0] : memref<8xf32>
  memref.store %v, %B[%c0] : memref<8xf32>
  memref.dealloc %t : memref<8xf32>
  return
}

// A memref.copy between two f32 memrefs the pass retypes (an allocation and
// an argument) copies bits: it stays, on the i32 memories (fft.pm's state).
// CHECK-LABEL: func.func @copy(%{{.*}}: memref<4xi32>)
// CHECK: %[[T:.*]] = memref.alloc() : memref<4xi32>
// CHECK: memref.copy %{{.*}}, %[[T]] : memref<4xi32> to memref<4xi32>
// CHECK: memref.copy %[[T]], %{{.*}} : memref<4xi32> to memref<4xi32>
func.func @copy(%A: memref<4xf32>) {
  %t = memref.alloc() : memref<4xf32>
  memref.copy %A, %t : memref<4xf32> to memref<4xf32>
  affine.for %i = 0 to 4 {
    %a = affine.load %t[%i] : memref<4xf32>
    %n = arith.negf %a : f32
    affine.store %n, %t[%i] : memref<4xf32>
  }
  memref.copy %t, %A : memref<4xf32> to memref<4xf32>
  memref.dealloc %t : memref<4xf32>
  return
}
