// A load whose result is unused is erased (it only reads).
func @memref_dead_load(%m: memref<4xi32>, %i: index) {
  %v = memref.load %m[%i] : memref<4xi32>
  return
}
