// Hand-written stand-in for the .hl lowering of Darkroom's 5x5 convolution
// (test/UB/Inputs/darkroom-5x5.hl) on a 24-row image of width L = 32: a
// pure definition, then the update over the 5x5 RDom that extraction
// unrolls into 25 read ports.
memref.global "private" constant @w5 : memref<5x5xi16> = dense<[[1, 4, 6, 4, 1], [4, 16, 24, 16, 4], [6, 24, 36, 24, 6], [4, 16, 24, 16, 4], [1, 4, 6, 4, 1]]>

func.func @conv5(%input: memref<24x32xi16>, %output: memref<20x28xi16>) attributes {hw_accelerate} {
  %k = memref.get_global @w5 : memref<5x5xi16>
  %c0 = arith.constant 0 : i16
  affine.for %y = 0 to 20 {
    affine.for %x = 0 to 28 {
      affine.store %c0, %output[%y, %x] : memref<20x28xi16>
    }
  }
  affine.for %y = 0 to 20 {
    affine.for %x = 0 to 28 {
      affine.for %ry = 0 to 5 {
        affine.for %rx = 0 to 5 {
          %a = affine.load %output[%y, %x] : memref<20x28xi16>
          %w = affine.load %k[%ry, %rx] : memref<5x5xi16>
          %p = affine.load %input[%y + %ry, %x + %rx] : memref<24x32xi16>
          %m = arith.muli %w, %p : i16
          %s = arith.addi %a, %m : i16
          affine.store %s, %output[%y, %x] : memref<20x28xi16>
        }
      }
    }
  }
  return
}
