// An scf.parallel with a zero-trip dimension and no results is erased.
func @scf_parallel_empty(%m: memref<8xi32>, %x: i32) {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  scf.parallel (%i) = (%c0) to (%c0) step (%c1) {
    memref.store %x, %m[%i] : memref<8xi32>
  }
  return
}
