// C[i] = (A[i] + B[i]) * A[i] over 64 elements, as an affine.parallel: its
// threads each take every F-th element and A, B and C are split into F banks.
func.func @vpar(%A: memref<64xi32> {calyx.name = "A"}, %B: memref<64xi32> {calyx.name = "B"},
                %C: memref<64xi32> {calyx.name = "C"}) {
  affine.parallel (%i) = (0) to (64) {
    %a = affine.load %A[%i] : memref<64xi32>
    %b = affine.load %B[%i] : memref<64xi32>
    %s = arith.addi %a, %b : i32
    %p = arith.muli %s, %a : i32
    affine.store %p, %C[%i] : memref<64xi32>
  }
  return
}
