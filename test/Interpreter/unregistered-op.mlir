// An op of an unregistered dialect has no semantics: the run stops there.
// RUN: not strata-run %s --allow-unregistered-dialect --entry=unknown 2>&1 | FileCheck %s
func.func @unknown() {
  // CHECK: unregistered-op.mlir:[[@LINE+1]]:3: error: no interpreter semantics for 'test.unknown'
  "test.unknown"() : () -> ()
  return
}
