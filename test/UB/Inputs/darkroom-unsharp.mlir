// Hand-written stand-in for the .hl lowering of Darkroom's unsharp mask
// after pointwise fusion (the book's S1, S2; test/UB/Inputs/darkroom-unsharp.hl)
// on a 16-row image of width L = 32, in integers (/3 and 0.5* become
// unsigned and signed divisions).  In valid coordinates (zero origin):
//   S1(x, y) = (I(x, y) + I(x+1, y) + I(x+2, y)) / 3
//   S2(x, y) = I(x+1, y+1) + (I(x+1, y+1) - (S1(x, y) + S1(x, y+1) + S1(x, y+2)) / 3) / 2
func.func @unsharp(%input: memref<16x32xi16>, %output: memref<14x30xi16>) attributes {hw_accelerate} {
  %c2 = arith.constant 2 : i16
  %c3 = arith.constant 3 : i16
  %s1 = memref.alloc() {halide.func = "s1"} : memref<16x30xi16>
  affine.for %y = 0 to 16 {
    affine.for %x = 0 to 30 {
      %a = affine.load %input[%y, %x] : memref<16x32xi16>
      %b = affine.load %input[%y, %x + 1] : memref<16x32xi16>
      %c = affine.load %input[%y, %x + 2] : memref<16x32xi16>
      %ab = arith.addi %a, %b : i16
      %abc = arith.addi %ab, %c : i16
      %q = arith.divui %abc, %c3 : i16
      affine.store %q, %s1[%y, %x] : memref<16x30xi16>
    }
  }
  affine.for %y = 0 to 14 {
    affine.for %x = 0 to 30 {
      %i = affine.load %input[%y + 1, %x + 1] : memref<16x32xi16>
      %u = affine.load %s1[%y, %x] : memref<16x30xi16>
      %v = affine.load %s1[%y + 1, %x] : memref<16x30xi16>
      %w = affine.load %s1[%y + 2, %x] : memref<16x30xi16>
      %uv = arith.addi %u, %v : i16
      %uvw = arith.addi %uv, %w : i16
      %blur = arith.divui %uvw, %c3 : i16
      %d = arith.subi %i, %blur : i16
      %h = arith.divsi %d, %c2 : i16
      %r = arith.addi %i, %h : i16
      affine.store %r, %output[%y, %x] : memref<14x30xi16>
    }
  }
  memref.dealloc %s1 : memref<16x30xi16>
  return
}
