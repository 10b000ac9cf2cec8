// Several functions in one module are canonicalized independently; each
// gets its own constants.
func @first(%x: i32) -> i32 {
  %c0 = arith.constant 0 : i32
  %0 = arith.addi %x, %c0 : i32
  return %0 : i32
}
func @second(%x: i32) -> i32 {
  %c2 = arith.constant 2 : i32
  %c3 = arith.constant 3 : i32
  %s = arith.addi %c2, %c3 : i32
  %0 = arith.muli %x, %s : i32
  return %0 : i32
}
