// Negating an i1 twice with xori true.
func @xori_double_not(%c: i1) -> i1 {
  %t = arith.constant true
  %0 = arith.xori %c, %t : i1
  %1 = arith.xori %0, %t : i1
  return %1 : i1
}
