// index_cast back to the original type gives the original value.
func @index_cast_roundtrip(%x: i32, %i: index) -> (i32, index) {
  %0 = arith.index_cast %x : i32 to index
  %1 = arith.index_cast %0 : index to i32
  %2 = arith.index_cast %i : index to i64
  %3 = arith.index_cast %2 : i64 to index
  return %1, %3 : i32, index
}
