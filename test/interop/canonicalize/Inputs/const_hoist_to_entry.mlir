// Constants defined in the middle of a block go to its start.
func @const_hoist_to_entry(%x: i32) -> i32 {
  %0 = arith.muli %x, %x : i32
  %c5 = arith.constant 5 : i32
  %1 = arith.xori %0, %c5 : i32
  %c9 = arith.constant 9 : i32
  %2 = arith.muli %1, %c9 : i32
  return %2 : i32
}
