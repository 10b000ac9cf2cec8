// Hand-written stand-in for the .hl lowering of Darkroom's Richardson-Lucy
// step (the book's Fig. 4.4a; test/UB/Inputs/darkroom-rl.hl): the 1D
// stencils run along each row of an 8-row image of width L = 32, with the
// blur kernel k = (1, 2, 1) and 1 added to the denominator so that no
// division is by zero.  In valid coordinates (zero origin):
//   Rel(x)  = Obs(x+1) / (1 + k0*Lat(x) + k1*Lat(x+1) + k2*Lat(x+2))
//   LatN(x) = Lat(x+2) * (k2*Rel(x) + k1*Rel(x+1) + k0*Rel(x+2))
func.func @rl(%obs: memref<8x32xi16>, %lat: memref<8x32xi16>, %latn: memref<8x28xi16>) attributes {hw_accelerate} {
  %c1 = arith.constant 1 : i16
  %c2 = arith.constant 2 : i16
  %rel = memref.alloc() {halide.func = "rel"} : memref<8x30xi16>
  affine.for %y = 0 to 8 {
    affine.for %x = 0 to 30 {
      %o = affine.load %obs[%y, %x + 1] : memref<8x32xi16>
      %l0 = affine.load %lat[%y, %x] : memref<8x32xi16>
      %l1 = affine.load %lat[%y, %x + 1] : memref<8x32xi16>
      %l2 = affine.load %lat[%y, %x + 2] : memref<8x32xi16>
      %m1 = arith.muli %c2, %l1 : i16
      %s0 = arith.addi %c1, %l0 : i16
      %s1 = arith.addi %s0, %m1 : i16
      %s2 = arith.addi %s1, %l2 : i16
      %r = arith.divui %o, %s2 : i16
      affine.store %r, %rel[%y, %x] : memref<8x30xi16>
    }
  }
  affine.for %y = 0 to 8 {
    affine.for %x = 0 to 28 {
      %l = affine.load %lat[%y, %x + 2] : memref<8x32xi16>
      %r0 = affine.load %rel[%y, %x] : memref<8x30xi16>
      %r1 = affine.load %rel[%y, %x + 1] : memref<8x30xi16>
      %r2 = affine.load %rel[%y, %x + 2] : memref<8x30xi16>
      %m1 = arith.muli %c2, %r1 : i16
      %s0 = arith.addi %r0, %m1 : i16
      %s1 = arith.addi %s0, %r2 : i16
      %v = arith.muli %l, %s1 : i16
      affine.store %v, %latn[%y, %x] : memref<8x28xi16>
    }
  }
  memref.dealloc %rel : memref<8x30xi16>
  return
}
