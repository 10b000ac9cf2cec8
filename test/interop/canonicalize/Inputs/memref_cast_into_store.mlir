// A store through a cast that only erases static sizes stores to the
// source directly.
func @memref_cast_into_store(%m: memref<4x4xi32>, %i: index, %x: i32) {
  %c = memref.cast %m : memref<4x4xi32> to memref<?x?xi32>
  memref.store %x, %c[%i, %i] : memref<?x?xi32>
  return
}
