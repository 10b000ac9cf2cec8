// Maps with floordiv, ceildiv, mod and symbols in bounds, subscripts,
// affine.apply/min/max, affine.if with equalities and an else yielding
// values, and affine.parallel with steps and several reductions.
func.func @maps(%A: memref<16x16xf32>, %n: index, %m: index) -> (f32, f32, index) {
  %z = arith.constant 0.0 : f32
  %c = affine.for %i = max affine_map<()[s0, s1] -> (s0 floordiv 2, s1 - 3, 0)>()[%n, %m] to min affine_map<()[s0] -> (s0 ceildiv 3, 16)>()[%n] step 3 iter_args(%acc = %n) -> (index) {
    %a = affine.apply affine_map<(d0)[s0] -> (d0 mod 4 + s0 * 2)>(%i)[%m]
    %b = affine.max affine_map<(d0, d1) -> (d0 - d1, d1 floordiv 3, 2)>(%a, %i)
    %v = affine.if affine_set<(d0)[s0] : (d0 - s0 == 0, d0 mod 2 >= 0)>(%i)[%m] -> index {
      affine.yield %a : index
    } else {
      affine.yield %b : index
    }
    affine.store %z, %A[%i floordiv 4, (%i + symbol(%n)) mod 16] : memref<16x16xf32>
    affine.yield %v : index
  }
  %r:2 = affine.parallel (%i, %j) = (0, symbol(%n)) to (16, 16) step (4, 2) reduce ("addf", "mulf") -> (f32, f32) {
    %x = affine.load %A[%i, %j] : memref<16x16xf32>
    affine.yield %x, %x : f32, f32
  }
  return %r#0, %r#1, %c : f32, f32, index
}
