// A truncation of a truncation is one truncation.
func @trunc_of_trunc(%x: i64) -> i8 {
  %0 = arith.trunci %x : i64 to i32
  %1 = arith.trunci %0 : i32 to i8
  return %1 : i8
}
