// scf.if false without an else region (and no results) is erased.
func @scf_if_const_false_no_else(%m: memref<4xi32>, %x: i32) {
  %f = arith.constant false
  %c0 = arith.constant 0 : index
  scf.if %f {
    memref.store %x, %m[%c0] : memref<4xi32>
  }
  return
}
