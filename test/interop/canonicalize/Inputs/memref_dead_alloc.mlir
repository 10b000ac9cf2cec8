// An alloc whose only use is its dealloc is dead: both go.
func @memref_dead_alloc() {
  %a = memref.alloc() : memref<16xf32>
  memref.dealloc %a : memref<16xf32>
  return
}
