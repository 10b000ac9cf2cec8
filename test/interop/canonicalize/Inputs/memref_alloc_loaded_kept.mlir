// An alloc that is read stays, with its store and load: MLIR does not
// forward stored values to loads.
func @memref_alloc_loaded_kept(%x: i32) -> i32 {
  %c0 = arith.constant 0 : index
  %a = memref.alloc() : memref<4xi32>
  memref.store %x, %a[%c0] : memref<4xi32>
  %v = memref.load %a[%c0] : memref<4xi32>
  memref.dealloc %a : memref<4xi32>
  return %v : i32
}
