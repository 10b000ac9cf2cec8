// A lookup table indexed by a value computed from seven input streams:
// the read's address arithmetic takes more vector inputs than a PMU has
// (6), so it moves to a compute unit that streams the address in.
memref.global "private" constant @t : memref<16xi32> = dense<[3, 1, 4, 1, 5, 9, 2, 6, 5, 3, 5, 8, 9, 7, 9, 3]>
func.func @k(%A: memref<64xi32>, %B: memref<64xi32>, %C: memref<64xi32>, %D: memref<64xi32>, %E: memref<64xi32>, %F: memref<64xi32>, %G: memref<64xi32>, %R: memref<64xi32>) {
  %c15 = arith.constant 15 : i32
  affine.for %i = 0 to 64 {
    %a = affine.load %A[%i] : memref<64xi32>
    %b = affine.load %B[%i] : memref<64xi32>
    %c = affine.load %C[%i] : memref<64xi32>
    %d = affine.load %D[%i] : memref<64xi32>
    %e = affine.load %E[%i] : memref<64xi32>
    %f = affine.load %F[%i] : memref<64xi32>
    %g = affine.load %G[%i] : memref<64xi32>
    %s1 = arith.addi %a, %b : i32
    %s2 = arith.xori %s1, %c : i32
    %s3 = arith.addi %s2, %d : i32
    %s4 = arith.xori %s3, %e : i32
    %s5 = arith.addi %s4, %f : i32
    %s6 = arith.xori %s5, %g : i32
    %j = arith.andi %s6, %c15 : i32
    %ji = arith.index_cast %j : i32 to index
    %tb = memref.get_global @t : memref<16xi32>
    %v = memref.load %tb[%ji] : memref<16xi32>
    affine.store %v, %R[%i] : memref<64xi32>
  }
  return
}
