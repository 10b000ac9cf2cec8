// Planted bug: the loop runs one trip too many (i <= n).
func.func @sum(%n: index) -> index {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  cf.br ^head(%c0, %c0 : index, index)
^head(%i: index, %s: index):
  %more = arith.cmpi sle, %i, %n : index
  cf.cond_br %more, ^body, ^exit
^body:
  %s2 = arith.addi %s, %i : index
  %i2 = arith.addi %i, %c1 : index
  cf.br ^head(%i2, %s2 : index, index)
^exit:
  return %s : index
}
