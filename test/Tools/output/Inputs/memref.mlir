func.func @fill(%m: memref<4xi32>) -> i32 {
  %c7 = arith.constant 7 : i32
  affine.for %i = 0 to 4 {
    affine.store %c7, %m[%i] : memref<4xi32>
  }
  return %c7 : i32
}
