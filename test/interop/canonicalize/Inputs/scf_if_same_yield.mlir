// Both branches yield the same value: the result is that value.
func @scf_if_same_yield(%c: i1, %x: i32, %m: memref<4xi32>) -> i32 {
  %c0 = arith.constant 0 : index
  %r = scf.if %c -> (i32) {
    memref.store %x, %m[%c0] : memref<4xi32>
    scf.yield %x : i32
  } else {
    scf.yield %x : i32
  }
  return %r : i32
}
