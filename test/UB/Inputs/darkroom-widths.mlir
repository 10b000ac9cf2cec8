// Hand-written stand-in for the book's Fig. 4.5 placement rule: a pointwise
// stage widens the 8-bit input to 32 bits, and the output adds the wide
// value at x to the narrow input at x+2.  Two pixels of delay are needed
// on one side of the widening stage or the other: Darkroom's objective,
// weighted by bytes, puts them on the narrow side.
func.func @widths(%input: memref<4x32xi8>, %output: memref<4x30xi32>) attributes {hw_accelerate} {
  %wide = memref.alloc() {halide.func = "wide"} : memref<4x32xi32>
  affine.for %y = 0 to 4 {
    affine.for %x = 0 to 32 {
      %v = affine.load %input[%y, %x] : memref<4x32xi8>
      %w = arith.extui %v : i8 to i32
      affine.store %w, %wide[%y, %x] : memref<4x32xi32>
    }
  }
  affine.for %y = 0 to 4 {
    affine.for %x = 0 to 30 {
      %a = affine.load %wide[%y, %x] : memref<4x32xi32>
      %b = affine.load %input[%y, %x + 2] : memref<4x32xi8>
      %c = arith.extui %b : i8 to i32
      %s = arith.addi %a, %c : i32
      affine.store %s, %output[%y, %x] : memref<4x30xi32>
    }
  }
  memref.dealloc %wide : memref<4x32xi32>
  return
}
