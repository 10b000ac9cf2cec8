// Arithmetic on i1: true + true is false, true * true is true.
func @i1_arith() -> (i1, i1, i1) {
  %t = arith.constant true
  %f = arith.constant false
  %0 = arith.addi %t, %t : i1
  %1 = arith.muli %t, %t : i1
  %2 = arith.subi %f, %t : i1
  return %0, %1, %2 : i1, i1, i1
}
