// Two equal constants become one; constants of different types stay apart.
func @const_dedup() -> (i32, i32, i64, index) {
  %a = arith.constant 7 : i32
  %b = arith.constant 7 : i32
  %c = arith.constant 7 : i64
  %d = arith.constant 7 : index
  return %a, %b, %c, %d : i32, i32, i64, index
}
