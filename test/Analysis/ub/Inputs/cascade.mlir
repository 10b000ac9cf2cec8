// Hand-written stand-in for the Halide frontend's lowering of the cascade
// (two 3x3 blurs, source Code 3.1) on a 64x64 tile: one loop nest per Func
// stage writing a memref, update definitions as separate nests with the
// RDom as inner loops, the blur weights as a constant table.
memref.global "private" constant @kernel : memref<3x3xi16> = dense<[[1, 2, 1], [2, 4, 2], [1, 2, 1]]>

func.func @cascade(%input: memref<64x64xi16>, %output: memref<60x60xi16>) attributes {accel.kernel} {
  %k = memref.get_global @kernel : memref<3x3xi16>
  %c0 = arith.constant 0 : i16
  %c16 = arith.constant 16 : i16
  %hw_input = memref.alloc() {accel.name = "hw_input"} : memref<64x64xi16>
  %conv1 = memref.alloc() {accel.name = "conv1"} : memref<62x62xi16>
  affine.for %y = 0 to 64 {
    affine.for %x = 0 to 64 {
      %v = affine.load %input[%y, %x] : memref<64x64xi16>
      affine.store %v, %hw_input[%y, %x] : memref<64x64xi16>
    }
  }
  affine.for %y = 0 to 62 {
    affine.for %x = 0 to 62 {
      affine.store %c0, %conv1[%y, %x] : memref<62x62xi16>
    }
  }
  affine.for %y = 0 to 62 {
    affine.for %x = 0 to 62 {
      affine.for %ry = 0 to 3 {
        affine.for %rx = 0 to 3 {
          %a = affine.load %conv1[%y, %x] : memref<62x62xi16>
          %w = affine.load %k[%ry, %rx] : memref<3x3xi16>
          %p = affine.load %hw_input[%y + %ry, %x + %rx] : memref<64x64xi16>
          %m = arith.muli %w, %p : i16
          %s = arith.addi %a, %m : i16
          affine.store %s, %conv1[%y, %x] : memref<62x62xi16>
        }
      }
    }
  }
  affine.for %y = 0 to 60 {
    affine.for %x = 0 to 60 {
      affine.store %c0, %output[%y, %x] : memref<60x60xi16>
    }
  }
  affine.for %y = 0 to 60 {
    affine.for %x = 0 to 60 {
      affine.for %ry = 0 to 3 {
        affine.for %rx = 0 to 3 {
          %a = affine.load %output[%y, %x] : memref<60x60xi16>
          %w = affine.load %k[%ry, %rx] : memref<3x3xi16>
          %p = affine.load %conv1[%y + %ry, %x + %rx] : memref<62x62xi16>
          %n = arith.divui %p, %c16 : i16
          %m = arith.muli %w, %n : i16
          %s = arith.addi %a, %m : i16
          affine.store %s, %output[%y, %x] : memref<60x60xi16>
        }
      }
    }
  }
  memref.dealloc %conv1 : memref<62x62xi16>
  memref.dealloc %hw_input : memref<64x64xi16>
  return
}
