// Nests affine-loop-interchange turns down: a band with iter_args, and a
// body the dependence analysis cannot see into (an op with memory effects
// it does not know).  A band shorter than the permutation is left alone
// with a remark.
// RUN: strata-opt %s --split-input-file --affine-loop-interchange="permutation='1,0'" --verify-diagnostics

func.func @iter_args(%A: memref<8x8xf32>, %init: f32) {
  // expected-error@+1 {{'affine.for' op cannot interchange loops with iter_args}}
  %r = affine.for %i = 0 to 8 iter_args(%acc = %init) -> (f32) {
    %s = affine.for %j = 0 to 8 iter_args(%a2 = %acc) -> (f32) {
      %v = affine.load %A[%i, %j] : memref<8x8xf32>
      %t = arith.addf %a2, %v : f32
      affine.yield %t : f32
    }
    affine.yield %s : f32
  }
  return
}

// -----

func.func @opaque_store(%A: memref<8x8xf32>, %n: index) {
  // expected-error@+1 {{'affine.for' op cannot interchange: 'memref.store' has memory effects the affine model does not know}}
  affine.for %i = 0 to 8 {
    affine.for %j = 0 to 8 {
      %v = affine.load %A[%i, %j] : memref<8x8xf32>
      // expected-note@+1 {{here}}
      memref.store %v, %A[%n, %n] : memref<8x8xf32>
    }
  }
  return
}

// -----

func.func @short_band(%A: memref<8x8xf32>) {
  // expected-remark@+1 {{not interchanged: the permutation moves 2 loops, the perfectly nested band here has 1}}
  affine.for %i = 0 to 8 {
    %c = arith.constant 1.0 : f32
    affine.for %j = 0 to 8 {
      affine.store %c, %A[%i, %j] : memref<8x8xf32>
    }
  }
  return
}
