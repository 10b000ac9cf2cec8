// The negation of a cmpi is the cmpi with the inverse predicate.
func @xori_not_cmpi(%a: i32, %b: i32) -> (i1, i1) {
  %t = arith.constant true
  %0 = arith.cmpi slt, %a, %b : i32
  %1 = arith.xori %0, %t : i1
  %2 = arith.cmpi eq, %a, %b : i32
  %3 = arith.xori %t, %2 : i1
  return %1, %3 : i1, i1
}
