// Division by constants that are not powers of two, on every value of the
// type (i8 for the flooring divisions, i8 and i16 for the unsigned ones):
// an exact multiply-and-shift, checked exhaustively against the
// interpreter; a negative divisor keeps the divider.
func.func @divs_const(%out8: memref<8x256xi8>, %out16: memref<65536xi16>) {
  %c3 = arith.constant 3 : i8
  %c7 = arith.constant 7 : i8
  %c100 = arith.constant 100 : i8
  %c127 = arith.constant 127 : i8
  %cm3 = arith.constant -3 : i8
  %c9 = arith.constant 9 : i8
  %c255 = arith.constant -1 : i8
  %c9w = arith.constant 9 : i16
  affine.for %i = 0 to 256 {
    %ii = arith.index_cast %i : index to i32
    %x = arith.trunci %ii : i32 to i8
    %0 = arith.floordivsi %x, %c3 : i8
    affine.store %0, %out8[0, %i] : memref<8x256xi8>
    %1 = arith.floordivsi %x, %c7 : i8
    affine.store %1, %out8[1, %i] : memref<8x256xi8>
    %2 = arith.floordivsi %x, %c100 : i8
    affine.store %2, %out8[2, %i] : memref<8x256xi8>
    %3 = arith.floordivsi %x, %c127 : i8
    affine.store %3, %out8[3, %i] : memref<8x256xi8>
    %4 = arith.floordivsi %x, %cm3 : i8
    affine.store %4, %out8[4, %i] : memref<8x256xi8>
    %5 = arith.divui %x, %c3 : i8
    affine.store %5, %out8[5, %i] : memref<8x256xi8>
    %6 = arith.divui %x, %c9 : i8
    affine.store %6, %out8[6, %i] : memref<8x256xi8>
    %7 = arith.divui %x, %c255 : i8
    affine.store %7, %out8[7, %i] : memref<8x256xi8>
  }
  affine.for %i = 0 to 65536 {
    %ii = arith.index_cast %i : index to i32
    %x = arith.trunci %ii : i32 to i16
    %q = arith.divui %x, %c9w : i16
    affine.store %q, %out16[%i] : memref<65536xi16>
  }
  return
}
