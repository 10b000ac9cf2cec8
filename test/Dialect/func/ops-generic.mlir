// The generic form of every func op, read in generic form: function_type,
// sym_name, sym_visibility, arg_attrs/res_attrs in the dictionary, an empty
// region for a declaration, callee/value as symbol references.  The first
// generic print is checked, and fixed-point.sh checks that generic and
// custom prints read back to themselves and that the generic print loses
// nothing against the custom one.
// RUN: strata-opt --print-op-generic %s | FileCheck %s
// RUN: strata-opt %s | FileCheck %s --check-prefix=CUSTOM
// RUN: bash %S/../../IR/Inputs/fixed-point.sh strata-opt %s %t

// CHECK: "builtin.module"() ({
// CHECK-NEXT: "func.func"() ({
// CHECK-NEXT: ^bb0(%arg0: i32, %arg1: f32):
// CHECK-NEXT: "func.return"(%arg0, %arg1) : (i32, f32) -> ()
// CHECK-NEXT: }) {function_type = (i32, f32) -> (i32, f32), sym_name = "body"} : () -> ()
// CUSTOM: func.func @body(%arg0: i32, %arg1: f32) -> (i32, f32) {
"func.func"() ({
^bb0(%a: i32, %b: f32):
  "func.return"(%a, %b) : (i32, f32) -> ()
}) {sym_name = "body", function_type = (i32, f32) -> (i32, f32)} : () -> ()

// A declaration: an empty region.
// CHECK-NEXT: "func.func"() ({
// CHECK-NEXT: }) {function_type = (i32) -> i32, sym_name = "decl", sym_visibility = "private"} : () -> ()
// CUSTOM: func.func private @decl(i32) -> i32{{$}}
"func.func"() ({
}) {sym_name = "decl", function_type = (i32) -> i32, sym_visibility = "private"} : () -> ()

// CHECK-NEXT: "func.func"() ({
// CHECK-NEXT: "func.return"() : () -> ()
// CHECK-NEXT: }) {function_type = () -> (), sym_name = "nested", sym_visibility = "nested"} : () -> ()
// CUSTOM: func.func nested @nested() {
"func.func"() ({
  "func.return"() : () -> ()
}) {sym_name = "nested", function_type = () -> (), sym_visibility = "nested"} : () -> ()

// CHECK-NEXT: "func.func"() ({
// CHECK-NEXT: "func.return"() : () -> ()
// CHECK-NEXT: }) {function_type = () -> (), sym_name = "public", sym_visibility = "public"} : () -> ()
// CUSTOM: func.func public @public() {
"func.func"() ({
  "func.return"() : () -> ()
}) {sym_name = "public", function_type = () -> (), sym_visibility = "public"} : () -> ()

// Argument and result attributes; extra attributes of the function.
// CHECK-NEXT: "func.func"() ({
// CHECK-NEXT: ^bb0(%arg0: i32, %arg1: i64):
// CHECK-NEXT: "func.return"(%arg1) : (i64) -> ()
// CHECK-NEXT: }) {arg_attrs = [{foo.a = 1 : i64}, {}], baz, foo = "bar", function_type = (i32, i64) -> i64, res_attrs = [{foo.r}], sym_name = "attrs"} : () -> ()
// CUSTOM: func.func @attrs(%arg0: i32 {foo.a = 1 : i64}, %arg1: i64) -> (i64 {foo.r}) attributes {baz, foo = "bar"} {
"func.func"() ({
^bb0(%a: i32, %b: i64):
  "func.return"(%b) : (i64) -> ()
}) {sym_name = "attrs", function_type = (i32, i64) -> i64, arg_attrs = [{foo.a = 1}, {}], res_attrs = [{foo.r}], foo = "bar", baz} : () -> ()

// CHECK-NEXT: "func.func"() ({
// CHECK-NEXT: }) {arg_attrs = [{}, {foo.b}], function_type = (i8, i8) -> (i1, i1), res_attrs = [{foo.c}, {}], sym_name = "decl_attrs", sym_visibility = "private"} : () -> ()
// CUSTOM: func.func private @decl_attrs(i8, i8 {foo.b}) -> (i1 {foo.c}, i1){{$}}
"func.func"() ({
}) {sym_name = "decl_attrs", function_type = (i8, i8) -> (i1, i1), arg_attrs = [{}, {foo.b}], res_attrs = [{foo.c}, {}], sym_visibility = "private"} : () -> ()

// Function types, several blocks, every other func op.
// CHECK-NEXT: "func.func"() ({
// CHECK-NEXT: ^bb0(%arg0: (i32) -> i32, %arg1: i32, %arg2: i1, %arg3: f32):
// CHECK-NEXT: %0 = "func.call"(%arg1) {callee = @decl} : (i32) -> i32
// CHECK-NEXT: "func.call"() {callee = @nested, foo.tag} : () -> ()
// CHECK-NEXT: %1:2 = "func.call"(%arg1, %arg3) {callee = @body} : (i32, f32) -> (i32, f32)
// CHECK-NEXT: %2 = "func.constant"() {value = @decl} : () -> ((i32) -> i32)
// CHECK-NEXT: %3 = "func.call_indirect"(%2, %0) : ((i32) -> i32, i32) -> i32
// CHECK-NEXT: %4 = "func.call_indirect"(%arg0, %3) {foo.tag} : ((i32) -> i32, i32) -> i32
// CHECK-NEXT: "cf.cond_br"(%arg2, %4)[^bb1, ^bb2] {operandSegmentSizes = array<i32: 1, 1, 0>} : (i1, i32) -> ()
// CHECK-NEXT: ^bb1(%5: i32):  // pred: ^bb0
// CHECK-NEXT: "func.return"(%arg0, %5) : ((i32) -> i32, i32) -> ()
// CHECK-NEXT: ^bb2:  // pred: ^bb0
// CHECK-NEXT: "func.return"(%2, %1#0) {foo.tag} : ((i32) -> i32, i32) -> ()
// CHECK-NEXT: }) {function_type = ((i32) -> i32, i32, i1, f32) -> ((i32) -> i32, i32), sym_name = "ops"} : () -> ()
// CUSTOM-LABEL: func.func @ops(%arg0: (i32) -> i32, %arg1: i32, %arg2: i1, %arg3: f32) -> ((i32) -> i32, i32) {
// CUSTOM-NEXT: %0 = call @decl(%arg1) : (i32) -> i32
// CUSTOM-NEXT: call @nested() {foo.tag} : () -> ()
// CUSTOM-NEXT: %1:2 = call @body(%arg1, %arg3) : (i32, f32) -> (i32, f32)
// CUSTOM-NEXT: %f = constant @decl : (i32) -> i32
// CUSTOM-NEXT: %2 = call_indirect %f(%0) : (i32) -> i32
// CUSTOM-NEXT: %3 = call_indirect %arg0(%2) {foo.tag} : (i32) -> i32
// CUSTOM-NEXT: cf.cond_br %arg2, ^bb1(%3 : i32), ^bb2
// CUSTOM-NEXT: ^bb1(%4: i32):  // pred: ^bb0
// CUSTOM-NEXT: return %arg0, %4 : (i32) -> i32, i32
// CUSTOM-NEXT: ^bb2:  // pred: ^bb0
// CUSTOM-NEXT: return {foo.tag} %f, %1#0 : (i32) -> i32, i32
// CUSTOM-NEXT: }
"func.func"() ({
^bb0(%f: (i32) -> i32, %a: i32, %c: i1, %y: f32):
  %0 = "func.call"(%a) {callee = @decl} : (i32) -> i32
  "func.call"() {callee = @nested, foo.tag} : () -> ()
  %1:2 = "func.call"(%a, %y) {callee = @body} : (i32, f32) -> (i32, f32)
  %2 = "func.constant"() {value = @decl} : () -> ((i32) -> i32)
  %3 = "func.call_indirect"(%2, %0) : ((i32) -> i32, i32) -> i32
  %4 = "func.call_indirect"(%f, %3) {foo.tag} : ((i32) -> i32, i32) -> i32
  "cf.cond_br"(%c, %4)[^bb1, ^bb2] {operandSegmentSizes = array<i32: 1, 1, 0>} : (i1, i32) -> ()
^bb1(%r: i32):
  "func.return"(%f, %r) : ((i32) -> i32, i32) -> ()
^bb2:
  "func.return"(%2, %1#0) {foo.tag} : ((i32) -> i32, i32) -> ()
}) {sym_name = "ops", function_type = ((i32) -> i32, i32, i1, f32) -> ((i32) -> i32, i32)} : () -> ()
// CHECK-NEXT: }) : () -> ()
