// A GEMM whose weights are a global that is not constant: the host could
// change it between runs, so it is no table of the program.
memref.global "private" @w : memref<8x5xi8> = dense<1>
func.func @mutable(%A: memref<4x8xi8>, %C: memref<4x5xi32>) {
  %w = memref.get_global @w : memref<8x5xi8>
  codelet.gemm %A, %w, %C : memref<4x8xi8>, memref<8x5xi8>, memref<4x5xi32>
  return
}
