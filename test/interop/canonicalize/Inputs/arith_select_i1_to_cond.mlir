// select %c, true, false is %c itself.
func @select_i1_to_cond(%c: i1) -> i1 {
  %t = arith.constant true
  %f = arith.constant false
  %0 = select %c, %t, %f : i1
  return %0 : i1
}
