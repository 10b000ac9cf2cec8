// What the model does not describe is reported by the test pass with the
// reason and the op at fault: loops with iter_args, ops with memory effects
// other than affine accesses, and loop kinds other than affine.for and
// affine.if between the nest and an access.
// RUN: strata-opt --enable-test-passes --test-affine-isl %s -o /dev/null 2>&1 | FileCheck %s

func.func @refused(%A: memref<8xf32>, %init: f32, %n: index) {
// CHECK:      nest at [[# @LINE + 2]]:8
// CHECK-NEXT:   not modelled: loops with iter_args are not modelled ('affine.for' at [[# @LINE + 1]]:8)
  %r = affine.for %i = 0 to 8 iter_args(%acc = %init) -> (f32) {
    %v = affine.load %A[%i] : memref<8xf32>
    %s = arith.addf %acc, %v : f32
    affine.yield %s : f32
  }
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
