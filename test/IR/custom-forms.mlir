// The custom form of the builtin ops, and result name hints: a custom op
// may name its results (func.constant names its result %f); names that
// collide get _0, _1, ... as in MLIR; the generic form uses no hints.  (The
// hint rules themselves: test/unit/test_printer_names.c.)
// Custom op names drop the enclosing op's default dialect, as in MLIR:
// builtin at the top level and in a module, func in func.func.
// RUN: strata-opt --allow-unregistered-dialect %s | FileCheck %s
// RUN: strata-opt --allow-unregistered-dialect --print-op-generic %s | FileCheck %s --check-prefix=GENERIC
// RUN: bash %S/Inputs/fixed-point.sh strata-opt %s %t --allow-unregistered-dialect
// mlir-opt-14 prints the same with --mlir14 spellings (func, constant).

// CHECK-LABEL: module @outer attributes {u.flag, u.level = 1 : i32} {
// GENERIC-LABEL: "builtin.module"() ({
module @outer attributes {u.level = 1 : i32, u.flag} {
  // CHECK-NEXT: module {
  // CHECK-NEXT:   "u.in_anonymous"() : () -> ()
  // CHECK-NEXT: }
  module {
    "u.in_anonymous"() : () -> ()
  }
  // CHECK-NEXT: module @inner {
  // CHECK-NEXT: }
  // GENERIC: }) {sym_name = "inner"} : () -> ()
  module @inner {
  }

  // CHECK-NEXT: func.func @f(%arg0: i32, %arg1: f32) -> i32 {
  // CHECK-NEXT:   %f = constant @f : (i32, f32) -> i32
  // CHECK-NEXT:   %f_0 = constant @f : (i32, f32) -> i32
  // CHECK-NEXT:   %[[R:[0-9]+]] = call_indirect %f(%arg0, %arg1) : (i32, f32) -> i32
  // CHECK-NEXT:   %{{[0-9]+}}:2 = "u.two"(%f_0) : ((i32, f32) -> i32) -> (i1, i1)
  // CHECK-NEXT:   %{{[0-9]+}} = builtin.unrealized_conversion_cast %arg0 : i32 to i64
  // CHECK-NEXT:   return %[[R]] : i32
  // CHECK-NEXT: }
  // GENERIC: %[[C:[0-9]+]] = "func.constant"() {value = @f} : () -> ((i32, f32) -> i32)
  // GENERIC-NEXT: %{{[0-9]+}} = "func.constant"() {value = @f} : () -> ((i32, f32) -> i32)
  // GENERIC-NEXT: %{{[0-9]+}} = "func.call_indirect"(%[[C]], %arg0, %arg1) : ((i32, f32) -> i32, i32, f32) -> i32
  func.func @f(%a: i32, %b: f32) -> i32 {
    %c = func.constant @f : (i32, f32) -> i32
    %d = func.constant @f : (i32, f32) -> i32
    %r = func.call_indirect %c(%a, %b) : (i32, f32) -> i32
    %u:2 = "u.two"(%d) : ((i32, f32) -> i32) -> (i1, i1)
    %w = builtin.unrealized_conversion_cast %a : i32 to i64
    return %r : i32
  }
  func.func private @g()

  // builtin.unrealized_conversion_cast has a custom form too.
  // CHECK: %[[X:.*]] = "u.def"() : () -> i32
  // CHECK-NEXT: %{{.*}} = unrealized_conversion_cast %[[X]] : i32 to f32
  // CHECK-NEXT: %{{.*}}:2 = unrealized_conversion_cast to i1, i8
  // GENERIC: "builtin.unrealized_conversion_cast"(%{{.*}}) : (i32) -> f32
  %x = "u.def"() : () -> i32
  %y = builtin.unrealized_conversion_cast %x : i32 to f32
  %z:2 = builtin.unrealized_conversion_cast to i1, i8
}
