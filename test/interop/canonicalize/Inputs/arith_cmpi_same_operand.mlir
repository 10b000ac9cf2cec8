// cmpi of a value with itself is known for every predicate.
func @cmpi_same_operand(%x: i32) -> (i1, i1, i1, i1, i1, i1, i1, i1, i1, i1) {
  %0 = arith.cmpi eq, %x, %x : i32
  %1 = arith.cmpi ne, %x, %x : i32
  %2 = arith.cmpi slt, %x, %x : i32
  %3 = arith.cmpi sle, %x, %x : i32
  %4 = arith.cmpi sgt, %x, %x : i32
  %5 = arith.cmpi sge, %x, %x : i32
  %6 = arith.cmpi ult, %x, %x : i32
  %7 = arith.cmpi ule, %x, %x : i32
  %8 = arith.cmpi ugt, %x, %x : i32
  %9 = arith.cmpi uge, %x, %x : i32
  return %0, %1, %2, %3, %4, %5, %6, %7, %8, %9 : i1, i1, i1, i1, i1, i1, i1, i1, i1, i1
}
