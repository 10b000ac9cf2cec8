// cmpi with the unsigned predicates on constants: -1 is the largest value.
func @cmpi_unsigned_fold() -> (i1, i1, i1, i1) {
  %m1 = arith.constant -1 : i32
  %p1 = arith.constant 1 : i32
  %0 = arith.cmpi ult, %m1, %p1 : i32
  %1 = arith.cmpi ule, %p1, %m1 : i32
  %2 = arith.cmpi ugt, %m1, %p1 : i32
  %3 = arith.cmpi uge, %p1, %m1 : i32
  return %0, %1, %2, %3 : i1, i1, i1, i1
}
