// Jacobi-2d, 2 time steps on a 12x12 grid: B = the 5-point sum of A divided
// by 5 (signed) on the interior, then A = B there.
func.func @jacobi2d(%A: memref<12x12xi32> {calyx.name = "A"}, %B: memref<12x12xi32> {calyx.name = "B"}) {
  %c5 = arith.constant 5 : i32
  affine.for %t = 0 to 2 {
    affine.for %i = 1 to 11 {
      affine.for %j = 1 to 11 {
        %c = affine.load %A[%i, %j] : memref<12x12xi32>
        %n = affine.load %A[%i - 1, %j] : memref<12x12xi32>
        %s = affine.load %A[%i + 1, %j] : memref<12x12xi32>
        %w = affine.load %A[%i, %j - 1] : memref<12x12xi32>
        %e = affine.load %A[%i, %j + 1] : memref<12x12xi32>
        %1 = arith.addi %c, %n : i32
        %2 = arith.addi %1, %s : i32
        %3 = arith.addi %2, %w : i32
        %4 = arith.addi %3, %e : i32
        %5 = arith.divsi %4, %c5 : i32
        affine.store %5, %B[%i, %j] : memref<12x12xi32>
      }
    }
    affine.for %i = 1 to 11 {
      affine.for %j = 1 to 11 {
        %v = affine.load %B[%i, %j] : memref<12x12xi32>
        affine.store %v, %A[%i, %j] : memref<12x12xi32>
      }
    }
  }
  return
}
