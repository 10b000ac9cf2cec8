// select on an unknown condition with different operands stays.
func @select_nonconst_kept(%c: i1, %x: i64, %y: i64) -> i64 {
  %0 = select %c, %x, %y : i64
  return %0 : i64
}
