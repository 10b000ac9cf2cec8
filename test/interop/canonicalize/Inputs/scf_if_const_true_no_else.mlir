// scf.if true without an else region: the store is inlined.
func @scf_if_const_true_no_else(%m: memref<4xi32>, %x: i32) {
  %t = arith.constant true
  %c0 = arith.constant 0 : index
  scf.if %t {
    memref.store %x, %m[%c0] : memref<4xi32>
  }
  return
}
