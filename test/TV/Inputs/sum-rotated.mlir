// The same sum with the loop rotated: a guard, then the test at the bottom.
func.func @sum(%n: index) -> index {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %any = arith.cmpi sgt, %n, %c0 : index
  cf.cond_br %any, ^body(%c0, %c0 : index, index), ^exit(%c0 : index)
^body(%i: index, %s: index):
  %s2 = arith.addi %s, %i : index
  %i2 = arith.addi %i, %c1 : index
  %more = arith.cmpi slt, %i2, %n : index
  cf.cond_br %more, ^body(%i2, %s2 : index, index), ^exit(%s2 : index)
^exit(%r: index):
  return %r : index
}
