// Two get_globals of one constant table, each the weights of a GEMM: two
// const tensors of the program, named apart.
memref.global "private" constant @w : memref<8x5xi8> = dense<[[1, -2, 3, 4, 5], [6, 7, -8, 9, 10], [1, 1, 1, 1, 1], [2, 0, 2, 0, 2], [-1, -1, -1, -1, -1], [3, 2, 1, 0, -1], [0, 0, 0, 0, 7], [9, 8, 7, 6, 5]]>
func.func @twice(%A: memref<4x8xi8>, %B: memref<4x8xi8>, %C: memref<4x5xi32>, %D: memref<4x5xi32>) {
  %w = memref.get_global @w : memref<8x5xi8>
  %v = memref.get_global @w : memref<8x5xi8>
  codelet.gemm %A, %w, %C : memref<4x8xi8>, memref<8x5xi8>, memref<4x5xi32>
  codelet.gemm %B, %v, %D : memref<4x8xi8>, memref<8x5xi8>, memref<4x5xi32>
  return
}
