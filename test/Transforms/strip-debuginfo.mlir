// strip-debuginfo: every op and block-argument location becomes unknown.
// RUN: strata-opt %s --strip-debuginfo --print-debuginfo | FileCheck %s
// RUN: strata-opt %s --print-debuginfo | FileCheck %s --check-prefix=BEFORE

// CHECK-NOT: loc("
// CHECK-NOT: loc(callsite
// CHECK-NOT: loc(fused
// CHECK:     func.func @f(%arg0: i32 loc(unknown)) -> i32 {
// CHECK:       arith.addi {{.*}} loc(unknown)
// CHECK:       return {{.*}} loc(unknown)
// CHECK:     } loc(unknown)
// BEFORE-DAG: loc("{{.*}}strip-debuginfo.mlir":{{[0-9]+}}:{{[0-9]+}})
// BEFORE-DAG: loc("name")
// BEFORE-DAG: loc(fused
// BEFORE-DAG: loc("x.c":3:3)
func.func @f(%a: i32 loc("arg.c":1:2)) -> i32 {
  %0 = arith.addi %a, %a : i32 loc("name")
  cf.br ^bb1(%0 : i32) loc(fused["a.c":1:1, "b.c":2:2])
^bb1(%x: i32 loc("x.c":3:3)):
  return %x : i32
}
