// A dealloc of a cast deallocates the source.
func @memref_cast_into_dealloc(%m: memref<4xf32>) {
  %c = memref.cast %m : memref<4xf32> to memref<?xf32>
  memref.dealloc %c : memref<?xf32>
  return
}
