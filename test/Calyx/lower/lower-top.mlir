// The option top= names the toplevel function; a missing name is an error.
// RUN: strata-opt %s --lower-to-calyx=top=b | FileCheck %s
// RUN: not strata-opt %s --lower-to-calyx=top=main 2>&1 | FileCheck %s --check-prefix=MISSING
// CHECK: calyx.component @a(
// CHECK-NOT: toplevel
// CHECK: calyx.component @b(
// CHECK: } {toplevel}
// MISSING: error: 'builtin.module' op lower-to-calyx: no function named 'main' (option top)
func.func @a() {
  return
}
func.func @b() {
  return
}
