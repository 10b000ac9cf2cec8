// What the model does not describe is reported by the test pass with the
// reason and the op at fault: ops with memory effects other than affine
// accesses, and region ops other than affine.for, affine.if and
// affine.parallel between the nest and an access.
// RUN: strata-opt --enable-test-passes --test-affine-isl %s -o %t.out 2>&1 | FileCheck %s

func.func @refused(%A: memref<8xf32>, %n: index) {
// CHECK:      nest at [[# @LINE + 2]]:3
// CHECK-NEXT:   not modelled: 'memref.store' has memory effects the affine model does not know ('memref.store' at [[# @LINE + 3]]:5)
  affine.for %i = 0 to 8 {
    %v = affine.load %A[%i] : memref<8xf32>
    memref.store %v, %A[%n] : memref<8xf32>
  }
// CHECK:      nest at [[# @LINE + 2]]:3
// CHECK-NEXT:   not modelled: 'scf.for' has memory effects the affine model does not know ('scf.for' at [[# @LINE + 3]]:5)
  affine.for %i = 0 to 8 {
    %c1 = arith.constant 1 : index
    scf.for %j = %n to %n step %c1 {
      %v = affine.load %A[%i] : memref<8xf32>
    }
  }
  func.return
}
