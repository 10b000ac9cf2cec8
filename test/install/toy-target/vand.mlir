// c[i] = a[i] & b[i]: the toy machine has no AND.
func.func @vand(%a: memref<64xi32>, %b: memref<64xi32>, %c: memref<64xi32>) {
  affine.for %i = 0 to 64 {
    %x = affine.load %a[%i] : memref<64xi32>
    %y = affine.load %b[%i] : memref<64xi32>
    %p = arith.andi %x, %y : i32
    affine.store %p, %c[%i] : memref<64xi32>
  }
  return
}
