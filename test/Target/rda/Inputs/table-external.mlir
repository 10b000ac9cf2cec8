// A memref.global without an initial value: a table the lowering has no contents for.
memref.global "private" constant @t : memref<4xi32>
func.func @k(%A: memref<4xi32>) {
  affine.for %i = 0 to 4 {
    %g = memref.get_global @t : memref<4xi32>
    %v = affine.load %g[%i] : memref<4xi32>
    affine.store %v, %A[%i] : memref<4xi32>
  }
  return
}
