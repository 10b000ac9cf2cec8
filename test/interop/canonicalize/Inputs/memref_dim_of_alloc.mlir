// dim of an alloc: a static size folds to a constant, a dynamic size to
// the alloc's size operand.
func @memref_dim_of_alloc(%n: index) -> (index, index) {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %a = memref.alloc(%n) : memref<8x?xf32>
  %0 = memref.dim %a, %c0 : memref<8x?xf32>
  %1 = memref.dim %a, %c1 : memref<8x?xf32>
  memref.dealloc %a : memref<8x?xf32>
  return %0, %1 : index, index
}
