// The implicit module: ops at the top of a file go into a builtin.module the
// parser makes, unless the file holds exactly one builtin.module, which is
// the module itself (with its name and attributes).  An empty file is an
// empty module.
// RUN: strata-opt --split-input-file %s | FileCheck %s
// RUN: strata-opt --split-input-file --print-op-generic %s | FileCheck %s --check-prefix=GENERIC
// RUN: bash %S/../../IR/Inputs/fixed-point.sh strata-opt %s %t --split-input-file

// CHECK: module {
// CHECK-NEXT: func.func private @f()
// CHECK-NEXT: %0 = unrealized_conversion_cast to i32
// CHECK-NEXT: }
// GENERIC: "builtin.module"() ({
// GENERIC-NEXT: "func.func"() ({
// GENERIC-NEXT: }) {function_type = () -> (), sym_name = "f", sym_visibility = "private"} : () -> ()
// GENERIC-NEXT: %0 = "builtin.unrealized_conversion_cast"() : () -> i32
// GENERIC-NEXT: }) : () -> ()
func.func private @f()
%0 = builtin.unrealized_conversion_cast to i32

// -----

// CHECK-NEXT: // -----
// CHECK-NEXT: module @m attributes {foo.a} {
// CHECK-NEXT: func.func private @f()
// CHECK-NEXT: }
// GENERIC: }) {foo.a, sym_name = "m"} : () -> ()
module @m attributes {foo.a} {
  func.func private @f()
}

// -----

// Two modules: both go into the implicit one.
// CHECK-NEXT: // -----
// CHECK-NEXT: module {
// CHECK-NEXT: module @m1 {
// CHECK-NEXT: }
// CHECK-NEXT: module @m2 {
// CHECK-NEXT: }
// CHECK-NEXT: }
// GENERIC: }) {sym_name = "m2"} : () -> ()
module @m1 {
}
module @m2 {
}

// -----

// A module followed by another op.
// CHECK-NEXT: // -----
// CHECK-NEXT: module {
// CHECK-NEXT: module @m {
// CHECK-NEXT: }
// CHECK-NEXT: func.func private @g()
// CHECK-NEXT: }
// GENERIC: }) {function_type = () -> (), sym_name = "g", sym_visibility = "private"} : () -> ()
module @m {
}
func.func private @g()

// -----

// Nothing but comments.
// CHECK-NEXT: // -----
// CHECK-NEXT: module {
// CHECK-NEXT: }
// GENERIC: // -----
// GENERIC-NEXT: "builtin.module"() ({
// GENERIC-NEXT: ^bb0:
// GENERIC-NEXT: }) : () -> ()
