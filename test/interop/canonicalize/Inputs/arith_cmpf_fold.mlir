// cmpf on constants: ordered predicates are false with a NaN operand,
// unordered ones are true.
func @cmpf_fold() -> (i1, i1, i1, i1, i1, i1, i1, i1) {
  %a = arith.constant 1.0 : f32
  %b = arith.constant 2.0 : f32
  %nan = arith.constant 0x7FC00000 : f32
  %0 = arith.cmpf olt, %a, %b : f32
  %1 = arith.cmpf oeq, %a, %a : f32
  %2 = arith.cmpf ogt, %a, %b : f32
  %3 = arith.cmpf one, %a, %b : f32
  %4 = arith.cmpf olt, %a, %nan : f32
  %5 = arith.cmpf ult, %a, %nan : f32
  %6 = arith.cmpf uno, %nan, %a : f32
  %7 = arith.cmpf ord, %a, %b : f32
  return %0, %1, %2, %3, %4, %5, %6, %7 : i1, i1, i1, i1, i1, i1, i1, i1
}
