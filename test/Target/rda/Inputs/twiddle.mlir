// An FFT's twiddles made with cos and sin, which no PCU computes: the nest
// fills a local memory from its index and constants alone, so it runs at
// compile time and the memory becomes a table.  The input is copied into
// a local memory first (memref.copy becomes a loop nest).
func.func @k(%X: memref<8xf32>, %Y: memref<8x2xf32>) {
  %w = memref.alloc() : memref<8x2xf32>
  %pi4 = arith.constant 0.785398185 : f32
  affine.for %k = 0 to 8 {
    %ki = arith.index_cast %k : index to i32
    %kf = arith.sitofp %ki : i32 to f32
    %a = arith.mulf %pi4, %kf : f32
    %c = math.cos %a : f32
    %s = math.sin %a : f32
    %ns = arith.negf %s : f32
    affine.store %c, %w[%k, 0] : memref<8x2xf32>
    affine.store %ns, %w[%k, 1] : memref<8x2xf32>
  }
  %t = memref.alloc() : memref<8xf32>
  memref.copy %X, %t : memref<8xf32> to memref<8xf32>
  affine.for %i = 0 to 8 {
    affine.for %j = 0 to 2 {
      %x = affine.load %t[%i] : memref<8xf32>
      %c = affine.load %w[%i, %j] : memref<8x2xf32>
      %y = arith.mulf %x, %c : f32
      affine.store %y, %Y[%i, %j] : memref<8x2xf32>
    }
  }
  memref.dealloc %t : memref<8xf32>
  memref.dealloc %w : memref<8x2xf32>
  return
}
