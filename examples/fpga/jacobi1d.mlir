// Jacobi-1d, 4 time steps on 32 points: B[i] = (A[i-1] + A[i] + A[i+1]) / 3
// (signed division), then A[i] = B[i] on the interior.
func.func @jacobi1d(%A: memref<32xi32> {calyx.name = "A"}, %B: memref<32xi32> {calyx.name = "B"}) {
  %c3 = arith.constant 3 : i32
  affine.for %t = 0 to 4 {
    affine.for %i = 1 to 31 {
      %l = affine.load %A[%i - 1] : memref<32xi32>
      %c = affine.load %A[%i] : memref<32xi32>
      %r = affine.load %A[%i + 1] : memref<32xi32>
      %s1 = arith.addi %l, %c : i32
      %s2 = arith.addi %s1, %r : i32
      %q = arith.divsi %s2, %c3 : i32
      affine.store %q, %B[%i] : memref<32xi32>
    }
    affine.for %i = 1 to 31 {
      %v = affine.load %B[%i] : memref<32xi32>
      affine.store %v, %A[%i] : memref<32xi32>
    }
  }
  return
}
