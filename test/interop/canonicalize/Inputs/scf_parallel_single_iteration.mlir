// A dimension of scf.parallel that runs once is dropped; with every
// dimension dropped, the body is inlined.
func @scf_parallel_single_iteration(%m: memref<8x8xi32>, %x: i32) {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c3 = arith.constant 3 : index
  %c4 = arith.constant 4 : index
  scf.parallel (%i, %j) = (%c0, %c3) to (%c1, %c4) step (%c1, %c1) {
    memref.store %x, %m[%i, %j] : memref<8x8xi32>
  }
  return
}
