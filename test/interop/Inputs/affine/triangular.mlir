// A triangular nest: L[i][j] for j <= i, with a symbolic size clamped to
// the buffer (max/min bound maps).
func.func @triangular(%L: memref<9x9xi32>, %n: index) {
  affine.for %i = 0 to min affine_map<()[s0] -> (s0, 9)>()[%n] {
    affine.for %j = 0 to affine_map<(d0) -> (d0 + 1)>(%i) {
      %v = affine.load %L[%i, %j] : memref<9x9xi32>
      %w = affine.load %L[%j, %j] : memref<9x9xi32>
      %s = arith.addi %v, %w : i32
      affine.store %s, %L[%i, %j] : memref<9x9xi32>
    }
  }
  return
}
