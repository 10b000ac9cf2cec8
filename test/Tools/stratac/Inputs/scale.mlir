// y[i] = x[i] + x[i]: one buffer read, one written (streams.test).
module {
  func.func @scale(%x: memref<16xf32>, %y: memref<16xf32>) {
    affine.for %i = 0 to 16 {
      %v = affine.load %x[%i] : memref<16xf32>
      %s = arith.addf %v, %v : f32
      affine.store %s, %y[%i] : memref<16xf32>
    }
    return
  }
}
