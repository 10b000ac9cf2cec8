// cmpi with the signed predicates on constants: -1 is below 1.
func @cmpi_signed_fold() -> (i1, i1, i1, i1, i1, i1) {
  %m1 = arith.constant -1 : i32
  %p1 = arith.constant 1 : i32
  %0 = arith.cmpi eq, %m1, %p1 : i32
  %1 = arith.cmpi ne, %m1, %p1 : i32
  %2 = arith.cmpi slt, %m1, %p1 : i32
  %3 = arith.cmpi sle, %p1, %m1 : i32
  %4 = arith.cmpi sgt, %m1, %p1 : i32
  %5 = arith.cmpi sge, %p1, %m1 : i32
  return %0, %1, %2, %3, %4, %5 : i1, i1, i1, i1, i1, i1
}
