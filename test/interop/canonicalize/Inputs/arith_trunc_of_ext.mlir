// Truncating an extension back to its source type gives the source; to an
// in-between width it is a narrower extension.
func @trunc_of_ext(%x: i8) -> (i8, i8, i16) {
  %0 = arith.extsi %x : i8 to i32
  %1 = arith.trunci %0 : i32 to i8
  %2 = arith.extui %x : i8 to i32
  %3 = arith.trunci %2 : i32 to i8
  %4 = arith.trunci %0 : i32 to i16
  return %1, %3, %4 : i8, i8, i16
}
