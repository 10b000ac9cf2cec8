// A load right after a store to the same place of an argument memref: not
// forwarded by canonicalize, nothing changes.
func @memref_store_load_kept(%m: memref<4xi32>, %i: index, %x: i32) -> i32 {
  memref.store %x, %m[%i] : memref<4xi32>
  %v = memref.load %m[%i] : memref<4xi32>
  return %v : i32
}
