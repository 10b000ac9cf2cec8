// Functions on a call cycle are never inlined, mutual recursion included,
// and stay (even private ones); a cycle 30000 functions deep is walked
// without recursing that deep (a 512 KiB stack is plenty).
// RUN: strata-opt %s --inline | FileCheck %s
// RUN: %python %S/Inputs/call_cycle.py 30000 > %t.mlir
// RUN: (ulimit -s 512 && strata-opt --inline %t.mlir) | FileCheck %s --check-prefix=DEEP

// CHECK-LABEL: func.func private @even
// CHECK:         call @odd
// CHECK-LABEL: func.func private @odd
// CHECK:         call @even
// CHECK-LABEL: func.func @main
// CHECK:         call @even
func.func private @even(%n: i32) -> i1 {
  %r = call @odd(%n) : (i32) -> i1
  return %r : i1
}
func.func private @odd(%n: i32) -> i1 {
  %r = call @even(%n) : (i32) -> i1
  return %r : i1
}
func.func @main(%n: i32) -> i1 {
  %r = call @even(%n) : (i32) -> i1
  return %r : i1
}

// DEEP: func.func private @f29999
// DEEP: call @f0
// DEEP-LABEL: func.func @main
// DEEP-NEXT: call @f0
