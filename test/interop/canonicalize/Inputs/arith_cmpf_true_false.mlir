// cmpf with the always-true and always-false predicates needs no constant
// operand.
func @cmpf_true_false(%x: f64, %y: f64) -> (i1, i1) {
  %0 = arith.cmpf true, %x, %y : f64
  %1 = arith.cmpf false, %x, %y : f64
  return %0, %1 : i1, i1
}
