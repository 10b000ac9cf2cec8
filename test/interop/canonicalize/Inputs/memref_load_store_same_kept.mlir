// Storing back a value just loaded from the same place is not removed.
func @memref_load_store_same_kept(%m: memref<4xi32>, %i: index) {
  %v = memref.load %m[%i] : memref<4xi32>
  memref.store %v, %m[%i] : memref<4xi32>
  return
}
