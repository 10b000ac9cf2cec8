// c[i] = a[i] * b[i] + 3, on 64 elements.
func.func @vmul(%a: memref<64xi32>, %b: memref<64xi32>, %c: memref<64xi32>) {
  affine.for %i = 0 to 64 {
    %x = affine.load %a[%i] : memref<64xi32>
    %y = affine.load %b[%i] : memref<64xi32>
    %p = arith.muli %x, %y : i32
    %k = arith.constant 3 : i32
    %s = arith.addi %p, %k : i32
    affine.store %s, %c[%i] : memref<64xi32>
  }
  return
}
