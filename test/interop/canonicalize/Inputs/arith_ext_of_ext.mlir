// An extension of an extension of the same kind is one extension.
func @ext_of_ext(%x: i8) -> (i64, i64) {
  %0 = arith.extsi %x : i8 to i16
  %1 = arith.extsi %0 : i16 to i64
  %2 = arith.extui %x : i8 to i32
  %3 = arith.extui %2 : i32 to i64
  return %1, %3 : i64, i64
}
