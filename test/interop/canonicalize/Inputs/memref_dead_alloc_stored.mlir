// An alloc that is only stored to and deallocated is dead too.
func @memref_dead_alloc_stored(%x: f32) {
  %c0 = arith.constant 0 : index
  %a = memref.alloc() : memref<16xf32>
  memref.store %x, %a[%c0] : memref<16xf32>
  memref.dealloc %a : memref<16xf32>
  return
}
