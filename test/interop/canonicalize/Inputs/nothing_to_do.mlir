// IR that is already canonical comes out unchanged.
func @nothing_to_do(%x: i32, %y: i32) -> i32 {
  %c3 = arith.constant 3 : i32
  %0 = arith.muli %x, %y : i32
  %1 = arith.addi %0, %c3 : i32
  %2 = arith.cmpi slt, %1, %x : i32
  %3 = select %2, %1, %y : i32
  return %3 : i32
}
