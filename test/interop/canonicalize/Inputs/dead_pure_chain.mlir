// A chain of pure ops whose end is unused is erased entirely.
func @dead_pure_chain(%x: i32, %y: i32) -> i32 {
  %0 = arith.addi %x, %y : i32
  %1 = arith.muli %0, %x : i32
  %2 = arith.cmpi slt, %1, %y : i32
  %3 = select %2, %0, %1 : i32
  return %x : i32
}
