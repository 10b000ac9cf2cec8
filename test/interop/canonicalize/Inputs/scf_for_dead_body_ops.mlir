// Unused pure ops in a loop body are erased; the loop with a store stays.
func @scf_for_dead_body_ops(%m: memref<8xi32>, %x: i32) {
  %c0 = arith.constant 0 : index
  %c8 = arith.constant 8 : index
  %c1 = arith.constant 1 : index
  scf.for %i = %c0 to %c8 step %c1 {
    %d = arith.muli %x, %x : i32
    memref.store %x, %m[%i] : memref<8xi32>
  }
  return
}
