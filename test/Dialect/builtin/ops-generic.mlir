// The generic form of the builtin ops, read in generic form: a module's
// sym_name, sym_visibility and other attributes in the dictionary, its body
// block (printed `^bb0:` when empty, as MLIR); casts with any number of
// operands and results.  The first generic print and the custom print of the
// same ops are checked; fixed-point.sh checks that both read back to
// themselves and that the generic print loses nothing.
// RUN: strata-opt --allow-unregistered-dialect --print-op-generic %s | FileCheck %s
// RUN: strata-opt --allow-unregistered-dialect %s | FileCheck %s --check-prefix=CUSTOM
// RUN: bash %S/../../IR/Inputs/fixed-point.sh strata-opt %s %t --allow-unregistered-dialect

// One module at the top is the module: no implicit one around it.
// CHECK: "builtin.module"() ({
// CHECK-NEXT: "builtin.module"() ({
// CHECK-NEXT: ^bb0:
// CHECK-NEXT: }) : () -> ()
// CHECK-NEXT: "builtin.module"() ({
// CHECK-NEXT: "func.func"() ({
// CHECK-NEXT: }) {function_type = () -> (), sym_name = "f", sym_visibility = "private"} : () -> ()
// CHECK-NEXT: }) {foo.a = [1, 2], sym_name = "named", sym_visibility = "nested"} : () -> ()
// CHECK-NEXT: "func.func"() ({
// CHECK-NEXT: ^bb0(%arg0: i32, %arg1: f32):
// CHECK-NEXT: %2 = "builtin.unrealized_conversion_cast"() : () -> i32
// CHECK-NEXT: %3:2 = "builtin.unrealized_conversion_cast"(%arg0, %arg1, %2) {foo.tag} : (i32, f32, i32) -> (i64, !foo.t)
// CHECK-NEXT: "func.return"() : () -> ()
// CHECK-NEXT: }) {function_type = (i32, f32) -> (), sym_name = "casts"} : () -> ()
// CHECK-NEXT: %0 = "builtin.unrealized_conversion_cast"() : () -> i32
// CHECK-NEXT: %1 = "builtin.unrealized_conversion_cast"(%0) : (i32) -> i1
// CHECK-NEXT: }) {foo.top, sym_name = "top"} : () -> ()
// CUSTOM: module @top attributes {foo.top} {
// CUSTOM-NEXT: module {
// CUSTOM-NEXT: }
// CUSTOM-NEXT: module @named attributes {foo.a = [1, 2], sym_visibility = "nested"} {
// CUSTOM-NEXT: func.func private @f()
// CUSTOM-NEXT: }
// CUSTOM-NEXT: func.func @casts(%arg0: i32, %arg1: f32) {
// CUSTOM-NEXT: %2 = builtin.unrealized_conversion_cast to i32
// CUSTOM-NEXT: %3:2 = builtin.unrealized_conversion_cast %arg0, %arg1, %2 : i32, f32, i32 to i64, !foo.t {foo.tag}
// CUSTOM-NEXT: return
// CUSTOM-NEXT: }
// CUSTOM-NEXT: %0 = unrealized_conversion_cast to i32
// CUSTOM-NEXT: %1 = unrealized_conversion_cast %0 : i32 to i1
// CUSTOM-NEXT: }
"builtin.module"() ({
  "builtin.module"() ({
  ^bb0:
  }) : () -> ()
  "builtin.module"() ({
    "func.func"() ({
    }) {sym_name = "f", function_type = () -> (), sym_visibility = "private"} : () -> ()
  }) {sym_name = "named", sym_visibility = "nested", foo.a = [1, 2]} : () -> ()
  "func.func"() ({
  ^bb0(%a: i32, %b: f32):
    %c = "builtin.unrealized_conversion_cast"() : () -> i32
    %d:2 = "builtin.unrealized_conversion_cast"(%a, %b, %c) {foo.tag} : (i32, f32, i32) -> (i64, !foo.t)
    "func.return"() : () -> ()
  }) {sym_name = "casts", function_type = (i32, f32) -> ()} : () -> ()
  %0 = "builtin.unrealized_conversion_cast"() : () -> i32
  %1 = "builtin.unrealized_conversion_cast"(%0) : (i32) -> i1
}) {sym_name = "top", foo.top} : () -> ()
