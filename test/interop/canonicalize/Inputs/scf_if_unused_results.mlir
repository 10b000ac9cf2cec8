// Results of an scf.if that nothing uses are dropped from it.
func @scf_if_unused_results(%c: i1, %x: i32, %y: i32, %m: memref<4xi32>) -> i32 {
  %c0 = arith.constant 0 : index
  %r:2 = scf.if %c -> (i32, i32) {
    memref.store %x, %m[%c0] : memref<4xi32>
    scf.yield %x, %y : i32, i32
  } else {
    scf.yield %y, %x : i32, i32
  }
  return %r#1 : i32
}
