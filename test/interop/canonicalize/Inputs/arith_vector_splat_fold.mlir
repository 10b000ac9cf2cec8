// Folding of splat vector constants (MLIR 14 folds cmpi on scalars only).
func @vector_splat_fold() -> (vector<4xi32>, vector<4xi1>) {
  %a = arith.constant dense<3> : vector<4xi32>
  %b = arith.constant dense<5> : vector<4xi32>
  %0 = arith.addi %a, %b : vector<4xi32>
  %1 = arith.cmpi slt, %a, %b : vector<4xi32>
  return %0, %1 : vector<4xi32>, vector<4xi1>
}
