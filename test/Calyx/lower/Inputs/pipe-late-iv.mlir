// Stores whose address, computed from the induction variable, is read long
// after the iteration starts, at II 1: i + 1 after an i64 divider (64
// cycles), and i after two chained i32 ones.  A copy per cycle would be more
// than the 64 a value may have; both are recomputed from the loop's counter
// instead.
func.func @late_iv(%N: memref<32xi64>, %D: memref<32xi64>, %Q: memref<33xi64>,
                   %M: memref<32xi32>, %E: memref<32xi32>, %R: memref<32xi32>) {
  affine.for %i = 0 to 32 {
    %n = affine.load %N[%i] : memref<32xi64>
    %d = affine.load %D[%i] : memref<32xi64>
    %q = arith.divsi %n, %d : i64
    affine.store %q, %Q[%i + 1] : memref<33xi64>
  }
  affine.for %i = 0 to 32 {
    %m = affine.load %M[%i] : memref<32xi32>
    %e = affine.load %E[%i] : memref<32xi32>
    %q = arith.divsi %m, %e : i32
    %r = arith.remsi %q, %e : i32
    affine.store %r, %R[%i] : memref<32xi32>
  }
  return
}
