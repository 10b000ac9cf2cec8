// An unused get_global is erased; the global itself stays.
memref.global "private" constant @g : memref<2xi32> = dense<[1, 2]>
func @memref_get_global_dead() {
  %a = memref.get_global @g : memref<2xi32>
  return
}
