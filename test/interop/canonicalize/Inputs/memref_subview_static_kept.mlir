// A static subview whose result is used stays.
func @memref_subview_static_kept(%m: memref<8x8xf32>, %i: index) -> f32 {
  %s = memref.subview %m[2, 2] [4, 4] [1, 1] : memref<8x8xf32> to memref<4x4xf32, affine_map<(d0, d1) -> (d0 * 8 + d1 + 18)>>
  %v = memref.load %s[%i, %i] : memref<4x4xf32, affine_map<(d0, d1) -> (d0 * 8 + d1 + 18)>>
  return %v : f32
}
