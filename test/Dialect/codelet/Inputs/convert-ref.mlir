// What interp-convert.mlir's transfers compute, written in affine: the
// padding value outside the source, sign extension, truncation.
func.func @convert(%A: memref<4xi8>, %B: memref<6xi32>, %D: memref<4xi32>, %C: memref<4xi8>) {
  %m = arith.constant -100 : i32
  affine.store %m, %B[0] : memref<6xi32>
  affine.store %m, %B[5] : memref<6xi32>
  affine.for %i = 0 to 4 {
    %v = affine.load %A[%i] : memref<4xi8>
    %w = arith.extsi %v : i8 to i32
    affine.store %w, %B[%i + 1] : memref<6xi32>
    %d = affine.load %D[%i] : memref<4xi32>
    %t = arith.trunci %d : i32 to i8
    affine.store %t, %C[%i] : memref<4xi8>
  }
  return
}
