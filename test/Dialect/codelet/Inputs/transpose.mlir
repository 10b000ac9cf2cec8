// B[j][i] = A[i + 1][j]: the reference of perm.mlir.
func.func @t(%A: memref<5x4xi16>, %B: memref<4x3xi16>) {
  affine.for %i = 0 to 3 {
    affine.for %j = 0 to 4 {
      %v = affine.load %A[%i + 1, %j] : memref<5x4xi16>
      affine.store %v, %B[%j, %i] : memref<4x3xi16>
    }
  }
  return
}
