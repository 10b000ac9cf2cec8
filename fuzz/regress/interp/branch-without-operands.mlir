// A branch without operands: the interpreter computed `NULL + 0` for the
// terminator's empty operand list (undefined behaviour, reported by clang's
// UBSan).  Found by the `interp` harness on the test suite's seeds.
func.func @f() -> i32 {
  %c = arith.constant 1 : i32
  cf.br ^b
^b:
  return %c : i32
}
