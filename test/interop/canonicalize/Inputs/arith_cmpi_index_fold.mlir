// cmpi on index constants folds like on integers.
func @cmpi_index_fold() -> (i1, i1) {
  %a = arith.constant 4 : index
  %b = arith.constant 9 : index
  %0 = arith.cmpi ult, %a, %b : index
  %1 = arith.cmpi sge, %a, %b : index
  return %0, %1 : i1, i1
}
