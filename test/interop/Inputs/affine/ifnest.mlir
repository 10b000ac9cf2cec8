// A nest with affine.if: the border of a 8x8 tile is copied, the inside
// doubled, and a diagonal strip (with floordiv/mod) gets a marker.
func.func @ifnest(%A: memref<8x8xi32>, %B: memref<8x8xi32>) {
  %m = arith.constant 7 : i32
  affine.for %i = 0 to 8 {
    affine.for %j = 0 to 8 {
      %v = affine.load %A[%i, %j] : memref<8x8xi32>
      affine.if affine_set<(d0, d1) : (d0 - 1 >= 0, -d0 + 6 >= 0, d1 - 1 >= 0, -d1 + 6 >= 0)>(%i, %j) {
        %d = arith.addi %v, %v : i32
        affine.store %d, %B[%i, %j] : memref<8x8xi32>
      } else {
        affine.store %v, %B[%i, %j] : memref<8x8xi32>
      }
      affine.if affine_set<(d0, d1) : (d0 floordiv 2 - d1 floordiv 2 == 0, d0 mod 2 == 0)>(%i, %j) {
        affine.store %m, %B[%i, %j] : memref<8x8xi32>
      }
    }
  }
  return
}
