// A 3-stage stencil pipeline: blur-x, blur-y, then a pointwise scale.
func.func @pipeline(%I: memref<12x12xi32>, %T: memref<12x10xi32>, %U: memref<10x10xi32>, %O: memref<10x10xi32>) {
  affine.for %y = 0 to 12 {
    affine.for %x = 0 to 10 {
      %a = affine.load %I[%y, %x] : memref<12x12xi32>
      %b = affine.load %I[%y, %x + 1] : memref<12x12xi32>
      %c = affine.load %I[%y, %x + 2] : memref<12x12xi32>
      %s = arith.addi %a, %b : i32
      %t = arith.addi %s, %c : i32
      affine.store %t, %T[%y, %x] : memref<12x10xi32>
    }
  }
  affine.for %y = 0 to 10 {
    affine.for %x = 0 to 10 {
      %a = affine.load %T[%y, %x] : memref<12x10xi32>
      %b = affine.load %T[%y + 1, %x] : memref<12x10xi32>
      %c = affine.load %T[%y + 2, %x] : memref<12x10xi32>
      %s = arith.addi %a, %b : i32
      %t = arith.addi %s, %c : i32
      affine.store %t, %U[%y, %x] : memref<10x10xi32>
    }
  }
  %k = arith.constant 3 : i32
  affine.for %y = 0 to 10 {
    affine.for %x = 0 to 10 {
      %v = affine.load %U[%y, %x] : memref<10x10xi32>
      %m = arith.muli %v, %k : i32
      affine.store %m, %O[%y, %x] : memref<10x10xi32>
    }
  }
  return
}
