// affine.for with max/min bounds and iter_args, affine.if, and affine.parallel with max/min bound groups and addf/maximumf reductions.
func.func @par(%A: memref<8x8xf32>, %n: index) -> f32 {
  %c0 = arith.constant 0.0 : f32
  %s = affine.for %i = max affine_map<()[s0] -> (s0 - 5, 0)>()[%n] to min affine_map<()[s0] -> (s0, 8)>()[%n] step 2 iter_args(%a = %c0) -> (f32) {
    %v = affine.load %A[%i floordiv 2, %i mod 3] : memref<8x8xf32>
    affine.if affine_set<(d0)[s0] : (d0 - s0 + 3 >= 0)>(%i)[%n] {
      affine.store %v, %A[%i, 7 - %i] : memref<8x8xf32>
    }
    %w = arith.addf %a, %v : f32
    affine.yield %w : f32
  }
  %r:2 = affine.parallel (%i, %j) = (0, max(0, %n - 4)) to (8, min(8, %n)) step (2, 1) reduce ("addf", "maximumf") -> (f32, f32) {
    %v = affine.load %A[%i, %j] : memref<8x8xf32>
    affine.yield %v, %v : f32, f32
  }
  %t = arith.addf %s, %r#0 : f32
  %u = arith.addf %t, %r#1 : f32
  return %u : f32
}
