// A cf.switch on an i65 flag with only a default verifies in the generic
// form and prints in the custom form, which the custom parser refused
// ("switch flags wider than 64 bits"): the round trip failed.  Found by the
// `ir` harness on test/Interpreter's cf tests.
func.func @wide_switch(%f: i65) -> i32 {
  %c = arith.constant 1 : i32
  "cf.switch"(%f)[^d] {case_operand_segments = array<i32>, operandSegmentSizes = array<i32: 1, 0, 0>} : (i65) -> ()
^d:
  return %c : i32
}
