// trunci of a constant keeps the low bits.
func @trunci_fold() -> (i8, i1, i16) {
  %a = arith.constant 300 : i32
  %b = arith.constant 3 : i32
  %c = arith.constant -65535 : i64
  %0 = arith.trunci %a : i32 to i8
  %1 = arith.trunci %b : i32 to i1
  %2 = arith.trunci %c : i64 to i16
  return %0, %1, %2 : i8, i1, i16
}
