// A kernel with an internal memory (memref.alloc: a 64 x i16 scratch
// buffer inside the design) beside its external ones.
func.func @scratch(%a: memref<64xi16>, %b: memref<64xi16>) {
  %t = memref.alloc() : memref<64xi16>
  affine.for %i = 0 to 64 {
    %x = affine.load %a[%i] : memref<64xi16>
    affine.store %x, %t[63 - %i] : memref<64xi16>
  }
  affine.for %i = 0 to 64 {
    %x = affine.load %t[%i] : memref<64xi16>
    affine.store %x, %b[%i] : memref<64xi16>
  }
  memref.dealloc %t : memref<64xi16>
  return
}
