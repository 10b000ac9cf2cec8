// A two-layer perceptron on a batch (Zhang's mlp; 16 samples of 32
// inputs, 32 hidden units with relu, 8 outputs here): every output sums
// its products in input order, as the interpreter does.
func.func @mlp(%x: memref<16x32xf32>, %w1: memref<32x32xf32>, %b1: memref<32xf32>,
               %w2: memref<8x32xf32>, %b2: memref<8xf32>, %y: memref<16x8xf32>) {
  %h = memref.alloc() : memref<16x32xf32>
  %zero = arith.constant 0.0 : f32
  affine.for %n = 0 to 16 {
    affine.for %o = 0 to 32 {
      %b = affine.load %b1[%o] : memref<32xf32>
      %s = affine.for %i = 0 to 32 iter_args(%acc = %b) -> (f32) {
        %a = affine.load %x[%n, %i] : memref<16x32xf32>
        %w = affine.load %w1[%o, %i] : memref<32x32xf32>
        %p = arith.mulf %a, %w : f32
        %q = arith.addf %acc, %p : f32
        affine.yield %q : f32
      }
      %r = arith.maximumf %s, %zero : f32
      affine.store %r, %h[%n, %o] : memref<16x32xf32>
    }
  }
  affine.for %n = 0 to 16 {
    affine.for %o = 0 to 8 {
      %b = affine.load %b2[%o] : memref<8xf32>
      %s = affine.for %i = 0 to 32 iter_args(%acc = %b) -> (f32) {
        %a = affine.load %h[%n, %i] : memref<16x32xf32>
        %w = affine.load %w2[%o, %i] : memref<8x32xf32>
        %p = arith.mulf %a, %w : f32
        %q = arith.addf %acc, %p : f32
        affine.yield %q : f32
      }
      affine.store %s, %y[%n, %o] : memref<16x8xf32>
    }
  }
  return
}
