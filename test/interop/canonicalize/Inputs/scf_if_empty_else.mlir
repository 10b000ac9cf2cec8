// An empty else region of an scf.if without results.
func @scf_if_empty_else(%c: i1, %m: memref<4xi32>, %x: i32) {
  %c0 = arith.constant 0 : index
  scf.if %c {
    memref.store %x, %m[%c0] : memref<4xi32>
  } else {
  }
  return
}
