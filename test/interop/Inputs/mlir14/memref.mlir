// memref in MLIR 14's own syntax: layouts as affine maps (the strided ones
// read back as strided<>, others stay maps), subviews whose result types
// mlir-opt-14 infers, globals.
#map0 = affine_map<(d0, d1) -> (d0 * 8 + d1 + 2)>
#map1 = affine_map<(d0)[s0] -> (d0 + s0)>
#map2 = affine_map<(d0) -> (d0 * 2)>
memref.global "private" constant @c : memref<2xf32> = dense<[1.0, 2.0]>
func @f(%d: index, %v: f32, %m: memref<?xf32, #map1>, %q: memref<4xf32, #map2>) -> memref<4x4xf32, #map0> {
  %0 = memref.alloca() : memref<8x8xf32>
  %1 = memref.subview %0[0, 2] [4, 4] [1, 1] : memref<8x8xf32> to memref<4x4xf32, #map0>
  %2 = memref.alloc(%d)[%d] : memref<?xf32, #map1>
  %c0 = arith.constant 0 : index
  %3 = memref.load %m[%c0] : memref<?xf32, #map1>
  memref.store %3, %q[%c0] : memref<4xf32, #map2>
  %4 = memref.get_global @c : memref<2xf32>
  memref.dealloc %2 : memref<?xf32, #map1>
  return %1 : memref<4x4xf32, #map0>
}
