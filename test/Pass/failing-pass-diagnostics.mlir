// With --verify-diagnostics, the diagnostics of passes are expected like
// the parser's: a failing pass's error, and the warnings of a pipeline.
// RUN: strata-opt %s --enable-test-passes --pass-pipeline='builtin.module(func.func(test-fail{message="refused"}))' --verify-diagnostics

// expected-error@+1 {{'func.func' op test-fail: refused}}
func.func @f() {
  return
}
