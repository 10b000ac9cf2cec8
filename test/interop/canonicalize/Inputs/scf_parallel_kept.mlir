// An scf.parallel over a real range stays.
func @scf_parallel_kept(%m: memref<8xi32>, %x: i32) {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c8 = arith.constant 8 : index
  scf.parallel (%i) = (%c0) to (%c8) step (%c1) {
    memref.store %x, %m[%i] : memref<8xi32>
  }
  return
}
