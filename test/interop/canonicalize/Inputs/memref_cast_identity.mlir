// A cast to the same type is the operand.
func @memref_cast_identity(%m: memref<?xf32>) -> memref<?xf32> {
  %a = memref.cast %m : memref<?xf32> to memref<?xf32>
  return %a : memref<?xf32>
}
