// Two independent loops marked to run in parallel (`calyx.par` on adjacent
// ops): C[i] = A[i] + 7 and D[i] = B[i] * B[i] touch disjoint memories.  The
// loops are scf.for: lower-affine does not keep attributes it does not know.
func.func @par(%A: memref<32xi32> {calyx.name = "A"}, %B: memref<32xi32> {calyx.name = "B"},
               %C: memref<32xi32> {calyx.name = "C"}, %D: memref<32xi32> {calyx.name = "D"}) {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c32 = arith.constant 32 : index
  %c7 = arith.constant 7 : i32
  scf.for %i = %c0 to %c32 step %c1 {
    %a = memref.load %A[%i] : memref<32xi32>
    %s = arith.addi %a, %c7 : i32
    memref.store %s, %C[%i] : memref<32xi32>
  } {calyx.par}
  scf.for %i = %c0 to %c32 step %c1 {
    %b = memref.load %B[%i] : memref<32xi32>
    %p = arith.muli %b, %b : i32
    memref.store %p, %D[%i] : memref<32xi32>
  } {calyx.par}
  return
}
