// symbol-dce runs on symbol tables only (it is anchored on any op).
// RUN: not strata-opt %s --pass-pipeline='builtin.module(func.func(symbol-dce))' 2>&1 | FileCheck %s

// CHECK: error: 'func.func' op was scheduled to run under symbol-dce, but does not define a symbol table
func.func @f() {
  return
}
