// An unused cast is erased.
func @memref_cast_dead(%m: memref<4xf32>) {
  %a = memref.cast %m : memref<4xf32> to memref<?xf32>
  return
}
