// Signed and unsigned division of every kind Halide's integer pipelines
// produce: by a variable (the std_div/rem pipes, flooring and ceiling
// corrected from the remainder) and by constant powers of two (shifts and
// masks), one row of %out per op.
func.func @divs(%x: memref<8xi8>, %y: memref<8xi8>, %out: memref<12x8xi8>) {
  %c1 = arith.constant 1 : i8
  %c4 = arith.constant 4 : i8
  %c8 = arith.constant 8 : i8
  %c16 = arith.constant 16 : i8
  %c64 = arith.constant 64 : i8
  affine.for %i = 0 to 8 {
    %a = affine.load %x[%i] : memref<8xi8>
    %b = affine.load %y[%i] : memref<8xi8>
    %0 = arith.floordivsi %a, %b : i8
    affine.store %0, %out[0, %i] : memref<12x8xi8>
    %1 = arith.ceildivsi %a, %b : i8
    affine.store %1, %out[1, %i] : memref<12x8xi8>
    %2 = arith.divsi %a, %b : i8
    affine.store %2, %out[2, %i] : memref<12x8xi8>
    %3 = arith.remsi %a, %b : i8
    affine.store %3, %out[3, %i] : memref<12x8xi8>
    %4 = arith.floordivsi %a, %c4 : i8
    affine.store %4, %out[4, %i] : memref<12x8xi8>
    %5 = arith.ceildivsi %a, %c4 : i8
    affine.store %5, %out[5, %i] : memref<12x8xi8>
    %6 = arith.divsi %a, %c8 : i8
    affine.store %6, %out[6, %i] : memref<12x8xi8>
    %7 = arith.remsi %a, %c8 : i8
    affine.store %7, %out[7, %i] : memref<12x8xi8>
    %8 = arith.divui %a, %c16 : i8
    affine.store %8, %out[8, %i] : memref<12x8xi8>
    %9 = arith.remui %a, %c64 : i8
    affine.store %9, %out[9, %i] : memref<12x8xi8>
    %10 = arith.floordivsi %a, %c1 : i8
    affine.store %10, %out[10, %i] : memref<12x8xi8>
    %11 = arith.divsi %a, %c1 : i8
    affine.store %11, %out[11, %i] : memref<12x8xi8>
  }
  return
}
