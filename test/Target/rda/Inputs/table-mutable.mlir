// A memref.global that is not constant: the rda lowering holds tables only.
memref.global "private" @t : memref<4xi32> = dense<[1, 2, 3, 4]>
func.func @k(%A: memref<4xi32>) {
  affine.for %i = 0 to 4 {
    %g = memref.get_global @t : memref<4xi32>
    %v = affine.load %g[%i] : memref<4xi32>
    affine.store %v, %A[%i] : memref<4xi32>
  }
  return
}
