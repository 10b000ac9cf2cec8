// Two time steps of jacobi-2d on a 10x10 grid (A -> B -> A), integer
// version: the 5-point sum.
func.func @jacobi2d(%A: memref<10x10xi32>, %B: memref<10x10xi32>) {
  affine.for %t = 0 to 2 {
    affine.for %i = 1 to 9 {
      affine.for %j = 1 to 9 {
        %c = affine.load %A[%i, %j] : memref<10x10xi32>
        %n = affine.load %A[%i - 1, %j] : memref<10x10xi32>
        %s = affine.load %A[%i + 1, %j] : memref<10x10xi32>
        %w = affine.load %A[%i, %j - 1] : memref<10x10xi32>
        %e = affine.load %A[%i, %j + 1] : memref<10x10xi32>
        %1 = arith.addi %c, %n : i32
        %2 = arith.addi %1, %s : i32
        %3 = arith.addi %2, %w : i32
        %4 = arith.addi %3, %e : i32
        affine.store %4, %B[%i, %j] : memref<10x10xi32>
      }
    }
    affine.for %i = 1 to 9 {
      affine.for %j = 1 to 9 {
        %v = affine.load %B[%i, %j] : memref<10x10xi32>
        affine.store %v, %A[%i, %j] : memref<10x10xi32>
      }
    }
  }
  return
}
