// 3x3 binomial blur of a 64x64 image (weights 1 2 1 / 2 4 2 / 1 2 1, then a
// shift by 4): the interior of O gets the blurred pixels.
func.func @blur(%I: memref<64x64xi32> {calyx.name = "I"}, %O: memref<64x64xi32> {calyx.name = "O"}) {
  %c1 = arith.constant 1 : i32
  %c2 = arith.constant 2 : i32
  %c4 = arith.constant 4 : i32
  affine.for %y = 1 to 63 {
    affine.for %x = 1 to 63 {
      %p00 = affine.load %I[%y - 1, %x - 1] : memref<64x64xi32>
      %p01 = affine.load %I[%y - 1, %x] : memref<64x64xi32>
      %p02 = affine.load %I[%y - 1, %x + 1] : memref<64x64xi32>
      %p10 = affine.load %I[%y, %x - 1] : memref<64x64xi32>
      %p11 = affine.load %I[%y, %x] : memref<64x64xi32>
      %p12 = affine.load %I[%y, %x + 1] : memref<64x64xi32>
      %p20 = affine.load %I[%y + 1, %x - 1] : memref<64x64xi32>
      %p21 = affine.load %I[%y + 1, %x] : memref<64x64xi32>
      %p22 = affine.load %I[%y + 1, %x + 1] : memref<64x64xi32>
      %a01 = arith.shli %p01, %c1 : i32
      %a10 = arith.shli %p10, %c1 : i32
      %a11 = arith.shli %p11, %c2 : i32
      %a12 = arith.shli %p12, %c1 : i32
      %a21 = arith.shli %p21, %c1 : i32
      %s0 = arith.addi %p00, %a01 : i32
      %s1 = arith.addi %s0, %p02 : i32
      %s2 = arith.addi %s1, %a10 : i32
      %s3 = arith.addi %s2, %a11 : i32
      %s4 = arith.addi %s3, %a12 : i32
      %s5 = arith.addi %s4, %p20 : i32
      %s6 = arith.addi %s5, %a21 : i32
      %s7 = arith.addi %s6, %p22 : i32
      %r = arith.shrui %s7, %c4 : i32
      affine.store %r, %O[%y, %x] : memref<64x64xi32>
    }
  }
  return
}
