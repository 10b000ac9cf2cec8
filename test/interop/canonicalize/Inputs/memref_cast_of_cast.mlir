// A cast of a cast back to the original type is the original value.
func @memref_cast_of_cast(%m: memref<4xf32>) -> memref<4xf32> {
  %a = memref.cast %m : memref<4xf32> to memref<?xf32>
  %b = memref.cast %a : memref<?xf32> to memref<4xf32>
  return %b : memref<4xf32>
}
