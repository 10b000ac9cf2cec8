// Argument locations of func.func under --print-debuginfo: written after the
// argument's attributes (`%arg0: i32 {foo.a} loc(...)`), where the parser
// reads them, and kept through a round trip; without --print-debuginfo they
// are not printed.
// RUN: strata-opt --print-debuginfo %s | FileCheck %s
// RUN: bash %S/../../IR/Inputs/fixed-point.sh strata-opt %s %t --print-debuginfo
// RUN: strata-opt %s | FileCheck %s --check-prefix=NODEBUG

// CHECK-LABEL: func.func @f(%arg0: i32 {foo.a} loc("x.mlir":3:4), %arg1: f32 loc("y.mlir":1:2), %arg2: i1 {foo.b = 2 : i64} loc(unknown)) -> (i32 {foo.r}) {
// CHECK-NEXT: return %arg0 : i32 loc("{{.*}}locations.mlir":
// CHECK-NEXT: } loc("{{.*}}locations.mlir":
// NODEBUG-LABEL: func.func @f(%arg0: i32 {foo.a}, %arg1: f32, %arg2: i1 {foo.b = 2 : i64}) -> (i32 {foo.r}) {
func.func @f(%a: i32 {foo.a} loc("x.mlir":3:4), %b: f32 loc("y.mlir":1:2), %c: i1 {foo.b = 2} loc(unknown)) -> (i32 {foo.r}) {
  return %a : i32
}

// An argument without a location gets where its name was written.
// CHECK: func.func @g(%arg0: i32 loc("{{.*}}locations.mlir":[[#@LINE+1]]:14)) {
func.func @g(%a: i32) {
  return
}
