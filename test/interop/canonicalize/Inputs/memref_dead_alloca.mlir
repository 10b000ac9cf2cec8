// An unused alloca is erased.
func @memref_dead_alloca() {
  %a = memref.alloca() : memref<4xi32>
  return
}
