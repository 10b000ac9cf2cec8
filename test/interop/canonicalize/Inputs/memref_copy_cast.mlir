// A copy from a cast that only erases static sizes copies from the source.
func @memref_copy_cast(%a: memref<4xf32>, %b: memref<4xf32>) {
  %c = memref.cast %a : memref<4xf32> to memref<?xf32>
  memref.copy %c, %b : memref<?xf32> to memref<4xf32>
  return
}
