#map = affine_map<(d0)[s0] -> (d0, s0 + 2)>
func @f(%A: memref<10x10xf32>, %n: index) -> f32 {
  %c0 = arith.constant 0.0 : f32
  %r = affine.parallel (%i, %j) = (0, 0) to (10, 10) step (2, 1) reduce ("addf") -> (f32) {
    %v = affine.load %A[%i, %j + symbol(%n)] : memref<10x10xf32>
    affine.yield %v : f32
  }
  %s = affine.for %i = max #map(%n)[%n] to min affine_map<(d0)->(d0, 20)>(%n) step 2 iter_args(%a = %c0) -> f32 {
    affine.if affine_set<(d0)[s0] : (d0 - s0 >= 0)>(%i)[%n] {
      affine.store %a, %A[%i, %i] : memref<10x10xf32>
    }
    %x = affine.apply affine_map<(d0) -> (d0 + 1)>(%i)
    %m = affine.min affine_map<(d0) -> (d0 + 1, 5)>(%i)
    affine.yield %a : f32
  }
  return %r : f32
}
