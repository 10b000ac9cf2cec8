// A 3x3 convolution of a 10x10 image into 8x8 (valid region).
func.func @conv2d(%I: memref<10x10xi32>, %W: memref<3x3xi32>, %O: memref<8x8xi32>) {
  %z = arith.constant 0 : i32
  affine.for %y = 0 to 8 {
    affine.for %x = 0 to 8 {
      %acc = affine.for %ky = 0 to 3 iter_args(%a = %z) -> (i32) {
        %row = affine.for %kx = 0 to 3 iter_args(%b = %a) -> (i32) {
          %p = affine.load %I[%y + %ky, %x + %kx] : memref<10x10xi32>
          %w = affine.load %W[%ky, %kx] : memref<3x3xi32>
          %m = arith.muli %p, %w : i32
          %s = arith.addi %b, %m : i32
          affine.yield %s : i32
        }
        affine.yield %row : i32
      }
      affine.store %acc, %O[%y, %x] : memref<8x8xi32>
    }
  }
  return
}
