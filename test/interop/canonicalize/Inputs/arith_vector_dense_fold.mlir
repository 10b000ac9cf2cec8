// Folding of non-splat vector constants element by element.
func @vector_dense_fold() -> vector<3xi32> {
  %a = arith.constant dense<[1, 2, 3]> : vector<3xi32>
  %b = arith.constant dense<[10, 20, 30]> : vector<3xi32>
  %0 = arith.muli %a, %b : vector<3xi32>
  return %0 : vector<3xi32>
}
