// IR with an error (test/Tools/stratac/missing-files.test).
func.func @f() -> i32 {
  return %y : i32
}
