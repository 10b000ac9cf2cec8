// dim of an alloca's dynamic size is the size operand.
func @memref_dim_of_alloca(%n: index) -> index {
  %c0 = arith.constant 0 : index
  %a = memref.alloca(%n) : memref<?xi32>
  %0 = memref.dim %a, %c0 : memref<?xi32>
  return %0 : index
}
