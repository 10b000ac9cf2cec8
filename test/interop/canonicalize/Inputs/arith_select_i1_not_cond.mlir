// select %c, false, true is the negated condition.
func @select_i1_not_cond(%c: i1) -> i1 {
  %t = arith.constant true
  %f = arith.constant false
  %0 = select %c, %f, %t : i1
  return %0 : i1
}
