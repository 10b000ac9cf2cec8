// The inliner works on a symbol table; anywhere else it is an error.
// RUN: strata-opt %s --verify-diagnostics --pass-pipeline='builtin.module(func.func(inline))'

// expected-error @+1 {{'func.func' op was scheduled to run under the inliner, but does not define a symbol table}}
func.func @f() {
  return
}
