// An alloc with a constant dynamic size becomes a static alloc and a cast
// back to the dynamic type.
func @memref_alloc_const_size(%x: f32) -> memref<?x4xf32> {
  %c8 = arith.constant 8 : index
  %a = memref.alloc(%c8) : memref<?x4xf32>
  return %a : memref<?x4xf32>
}
