// With scope=block the nests of a block are one model; an op between them
// that touches memory outside the model (here a memref.store) makes the
// block unmodellable, since the dependences through it would be missed.
// RUN: strata-opt --enable-test-passes --test-affine-isl='scope=block' %s -o %t.out 2>&1 | FileCheck %s

// CHECK:      nests at [[# @LINE + 3]]:3 [[# @LINE + 8]]:3
// CHECK-NEXT:   not modelled: 'memref.store' between the nests has memory effects ('memref.store' at [[# @LINE + 6]]:3)
func.func @between(%A: memref<8xf32>, %B: memref<8xf32>, %n: index, %v: f32) {
  affine.for %i = 0 to 8 {
    %a = affine.load %A[%i] : memref<8xf32>
    affine.store %a, %B[%i] : memref<8xf32>
  }
  memref.store %v, %B[%n] : memref<8xf32>
  affine.for %i = 0 to 8 {
    %b = affine.load %B[%i] : memref<8xf32>
    affine.store %b, %A[%i] : memref<8xf32>
  }
  return
}
