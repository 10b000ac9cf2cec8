// A block no branch reaches is removed.
func @cf_dead_block(%x: i32) -> i32 {
  return %x : i32
^bb1:
  %0 = arith.addi %x, %x : i32
  return %0 : i32
}
