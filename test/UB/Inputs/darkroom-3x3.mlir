// Hand-written stand-in for the .hl lowering of Darkroom's 3x3 stencil
// (test/UB/Inputs/darkroom-3x3.hl) on a 24-row image of width L = 32: a
// pure definition, then the update over the 3x3 RDom that extraction
// unrolls into 9 read ports.
memref.global "private" constant @w3 : memref<3x3xi16> = dense<[[1, 2, 1], [2, 4, 2], [1, 2, 1]]>

func.func @stencil3(%input: memref<24x32xi16>, %output: memref<22x30xi16>) attributes {hw_accelerate} {
  %k = memref.get_global @w3 : memref<3x3xi16>
  %c0 = arith.constant 0 : i16
  affine.for %y = 0 to 22 {
    affine.for %x = 0 to 30 {
      affine.store %c0, %output[%y, %x] : memref<22x30xi16>
    }
  }
  affine.for %y = 0 to 22 {
    affine.for %x = 0 to 30 {
      affine.for %ry = 0 to 3 {
        affine.for %rx = 0 to 3 {
          %a = affine.load %output[%y, %x] : memref<22x30xi16>
          %w = affine.load %k[%ry, %rx] : memref<3x3xi16>
          %p = affine.load %input[%y + %ry, %x + %rx] : memref<24x32xi16>
          %m = arith.muli %w, %p : i16
          %s = arith.addi %a, %m : i16
          affine.store %s, %output[%y, %x] : memref<22x30xi16>
        }
      }
    }
  }
  return
}
