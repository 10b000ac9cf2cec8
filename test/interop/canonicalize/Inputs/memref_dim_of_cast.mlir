// dim of a cast to a dynamic size: the source's static size is known.
func @memref_dim_of_cast(%m: memref<6xf32>) -> index {
  %c0 = arith.constant 0 : index
  %a = memref.cast %m : memref<6xf32> to memref<?xf32>
  %d = memref.dim %a, %c0 : memref<?xf32>
  return %d : index
}
