// IR with an error (test/Stratac/missing-files.test).
func.func @f() -> i32 {
  return %y : i32
}
