// A load through a cast that only erases static sizes loads from the
// source directly.
func @memref_cast_into_load(%m: memref<4xf32>, %i: index) -> f32 {
  %c = memref.cast %m : memref<4xf32> to memref<?xf32>
  %v = memref.load %c[%i] : memref<?xf32>
  return %v : f32
}
