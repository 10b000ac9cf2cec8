// cos of a value loaded from memory: nothing to compute at compile time,
// so the lowering names the operation no capability of the datapath has.
func.func @k(%X: memref<8xf32>, %Y: memref<8xf32>) {
  %w = memref.alloc() : memref<8xf32>
  affine.for %k = 0 to 8 {
    %x = affine.load %X[%k] : memref<8xf32>
    %c = math.cos %x : f32
    affine.store %c, %w[%k] : memref<8xf32>
  }
  affine.for %i = 0 to 8 {
    %c = affine.load %w[%i] : memref<8xf32>
    affine.store %c, %Y[%i] : memref<8xf32>
  }
  return
}
