// A local memory of 8 M words: more than the 64 PMUs of 64 K words hold.
func.func @k(%A: memref<4096xf32>, %B: memref<4096xf32>) {
  %buf = memref.alloc() : memref<8388608xf32>
  affine.for %i = 0 to 4096 {
    %a = affine.load %A[%i] : memref<4096xf32>
    affine.store %a, %buf[%i * 2048] : memref<8388608xf32>
  }
  affine.for %i = 0 to 4096 {
    %a = affine.load %buf[%i * 2048] : memref<8388608xf32>
    affine.store %a, %B[%i] : memref<4096xf32>
  }
  return
}
