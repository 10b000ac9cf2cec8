// An assert on a constant true condition is erased; one on an unknown
// condition stays.
func @cf_assert_true(%c: i1) {
  %t = arith.constant true
  assert %t, "never fails"
  assert %c, "may fail"
  return
}
