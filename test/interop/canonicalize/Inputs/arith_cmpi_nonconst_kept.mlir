// cmpi of two different unknown values stays as it is.
func @cmpi_nonconst_kept(%x: i32, %y: i32) -> (i1, i1) {
  %0 = arith.cmpi slt, %x, %y : i32
  %1 = arith.cmpi eq, %y, %x : i32
  return %0, %1 : i1, i1
}
