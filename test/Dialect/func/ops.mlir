// Round trip of every func op in its custom form: func.func in every shape
// (visibility, declarations, argument and result attributes, `attributes`,
// several blocks, function types as arguments and results), func.return,
// func.call, func.call_indirect and func.constant (name hint %f).  The first
// print is checked line by line; fixed-point.sh checks that printing it
// again gives the same text, in custom and generic form.
// RUN: strata-opt %s | FileCheck %s
// RUN: strata-opt --print-op-generic %s | FileCheck %s --check-prefix=GENERIC
// RUN: bash %S/../../IR/Inputs/fixed-point.sh strata-opt %s %t

// CHECK-LABEL: func.func @empty() {
// CHECK-NEXT: return
// CHECK-NEXT: }
func.func @empty() {
  return
}

// No results written as `-> ()` print as none.
// CHECK-LABEL: func.func @unit_results() {
// CHECK-NEXT: return
// CHECK-NEXT: }
func.func @unit_results() -> () {
  func.return
}

// CHECK-LABEL: func.func public @public(%arg0: i32) -> i32 {
// CHECK-NEXT: return %arg0 : i32
// CHECK-NEXT: }
func.func public @public(%a: i32) -> i32 {
  return %a : i32
}

// CHECK-LABEL: func.func private @private_body(%arg0: i32, %arg1: f32) -> (i32, f32) {
// CHECK-NEXT: return %arg0, %arg1 : i32, f32
// CHECK-NEXT: }
func.func private @private_body(%a: i32, %b: f32) -> (i32, f32) {
  return %a, %b : i32, f32
}

// CHECK-LABEL: func.func nested @nested_body() {
func.func nested @nested_body() {
  return
}

// Declarations: types only, no region.
// CHECK: func.func private @decl(i32) -> i32{{$}}
// CHECK-NEXT: func.func private @decl_none(){{$}}
// CHECK-NEXT: func.func nested @decl_nested(i64, f16){{$}}
// CHECK-NEXT: func.func private @decl_multi(i32, index) -> (i1, tensor<4xf32>, memref<?xi8>){{$}}
// CHECK-NEXT: func.func private @decl_parens(i32) -> i32{{$}}
func.func private @decl(i32) -> i32
func.func private @decl_none()
func.func nested @decl_nested(i64, f16)
func.func private @decl_multi(i32, index) -> (i1, tensor<4xf32>, memref<?xi8>)
func.func private @decl_parens(i32) -> (i32)

// Named arguments in a declaration lose their names, as in MLIR.
// CHECK-NEXT: func.func private @decl_named(i32, f32){{$}}
func.func private @decl_named(%a: i32, %b: f32)

// Argument and result attributes (dialect attributes), on declarations and
// on definitions; a result with attributes gets parentheses.
// CHECK-NEXT: func.func private @decl_arg_attrs(i32 {foo.bar = 1 : i64}, f32) -> (i32 {foo.x}, f32){{$}}
// CHECK-NEXT: func.func private @decl_res_attr() -> (i32 {foo.x, foo.y = "z"}){{$}}
// CHECK-NEXT: func.func private @decl_only_second(i8, i8 {foo.a = [1, 2]}){{$}}
func.func private @decl_arg_attrs(i32 {foo.bar = 1}, f32) -> (i32 {foo.x}, f32)
func.func private @decl_res_attr() -> (i32 {foo.y = "z", foo.x})
func.func private @decl_only_second(i8, i8 {foo.a = [1, 2]})

// CHECK-LABEL: func.func @arg_attrs(%arg0: i32 {foo.bar = 1 : i64}, %arg1: f32, %arg2: i1 {foo.b, foo.c}) -> (i32 {foo.x}, f32) {
// CHECK-NEXT: return %arg0, %arg1 : i32, f32
// CHECK-NEXT: }
func.func @arg_attrs(%a: i32 {foo.bar = 1}, %b: f32, %c: i1 {foo.b, foo.c = unit}) -> (i32 {foo.x}, f32) {
  return %a, %b : i32, f32
}

// Empty dictionaries are no attributes, as in MLIR: nothing is printed and
// the generic form has no arg_attrs/res_attrs.
// CHECK-LABEL: func.func @empty_dicts(%arg0: i32, %arg1: i32) -> i32 {
// GENERIC: }) {function_type = (i32, i32) -> i32, sym_name = "empty_dicts"} : () -> ()
func.func @empty_dicts(%a: i32 {}, %b: i32 {}) -> (i32 {}) {
  return %a : i32
}

// `attributes {...}` on definitions and declarations, sorted by name.
// CHECK-LABEL: func.func @with_attrs() attributes {baz, foo = "bar", qux = [1 : i32]} {
// CHECK-NEXT: return
// CHECK-NEXT: }
// CHECK-NEXT: func.func private @decl_with_attrs(i32) -> i32 attributes {foo = "bar"}{{$}}
// CHECK-NEXT: func.func nested @nested_by_attr() attributes {llvm.emit_c_interface}{{$}}
func.func @with_attrs() attributes {qux = [1 : i32], foo = "bar", baz} {
  return
}
func.func private @decl_with_attrs(i32) -> i32 attributes {foo = "bar"}
func.func @nested_by_attr() attributes {sym_visibility = "nested", llvm.emit_c_interface}

// Function types as arguments and results: a single function-typed result
// gets parentheses.
// CHECK-LABEL: func.func @fn_types(%arg0: (i32) -> i32, %arg1: () -> ()) -> ((i32) -> i32) {
// CHECK-NEXT: return %arg0 : (i32) -> i32
// CHECK-NEXT: }
// CHECK-NEXT: func.func private @fn_decl(() -> ()) -> (() -> ()){{$}}
// CHECK-NEXT: func.func private @fn_decl2((i32, f32) -> (i1, i1)) -> (i32, () -> i32){{$}}
func.func @fn_types(%f: (i32) -> i32, %g: () -> ()) -> ((i32) -> i32) {
  return %f : (i32) -> i32
}
func.func private @fn_decl(() -> ()) -> (() -> ())
func.func private @fn_decl2((i32, f32) -> (i1, i1)) -> (i32, () -> i32)

// Several blocks.
// CHECK-LABEL: func.func @blocks(%arg0: i1, %arg1: i32) -> i32 {
// CHECK-NEXT: cf.cond_br %arg0, ^bb1, ^bb2(%arg1 : i32)
// CHECK-NEXT: ^bb1:  // pred: ^bb0
// CHECK-NEXT: return %arg1 : i32
// CHECK-NEXT: ^bb2(%0: i32):  // pred: ^bb0
// CHECK-NEXT: return %0 : i32
// CHECK-NEXT: }
func.func @blocks(%c: i1, %a: i32) -> i32 {
  cf.cond_br %c, ^t, ^f(%a : i32)
^t:
  return %a : i32
^f(%x: i32):
  return %x : i32
}

// func.return: attributes, several operands.
// CHECK-LABEL: func.func @returns(%arg0: i32, %arg1: tensor<2xf32>) -> (i32, tensor<2xf32>, i32) {
// CHECK-NEXT: return {foo.tag} %arg0, %arg1, %arg0 : i32, tensor<2xf32>, i32
// CHECK-NEXT: }
func.func @returns(%a: i32, %t: tensor<2xf32>) -> (i32, tensor<2xf32>, i32) {
  func.return {foo.tag} %a, %t, %a : i32, tensor<2xf32>, i32
}

// CHECK-LABEL: func.func @return_attrs_only() {
// CHECK-NEXT: return {foo.tag = 1 : i64}
// CHECK-NEXT: }
func.func @return_attrs_only() {
  return {foo.tag = 1}
}

// func.call: no operands or results, several of each, attributes; written
// with or without the `func.` prefix inside a function.
// CHECK-LABEL: func.func @calls(%arg0: i32, %arg1: f32, %arg2: tensor<2xf32>, %arg3: (i32) -> i32, %arg4: () -> ()) -> i32 {
// CHECK-NEXT: call @empty() : () -> ()
// CHECK-NEXT: %0 = call @decl(%arg0) : (i32) -> i32
// CHECK-NEXT: %1 = call @decl(%0) {foo.tag} : (i32) -> i32
// CHECK-NEXT: %2:2 = call @private_body(%1, %arg1) : (i32, f32) -> (i32, f32)
// CHECK-NEXT: %3:3 = call @returns(%2#0, %arg2) : (i32, tensor<2xf32>) -> (i32, tensor<2xf32>, i32)
// CHECK-NEXT: %4 = call @fn_types(%arg3, %arg4) : ((i32) -> i32, () -> ()) -> ((i32) -> i32)
// CHECK-NEXT: return %3#2 : i32
// CHECK-NEXT: }
func.func @calls(%a: i32, %b: f32, %t: tensor<2xf32>, %f: (i32) -> i32, %g: () -> ()) -> i32 {
  func.call @empty() : () -> ()
  %0 = func.call @decl(%a) : (i32) -> i32
  %1 = call @decl(%0) {foo.tag} : (i32) -> i32
  %2:2 = call @private_body(%1, %b) : (i32, f32) -> (i32, f32)
  %3:3 = call @returns(%2#0, %t) : (i32, tensor<2xf32>) -> (i32, tensor<2xf32>, i32)
  %4 = call @fn_types(%f, %g) : ((i32) -> i32, () -> ()) -> ((i32) -> i32)
  return %3#2 : i32
}

// func.constant names its result %f (made unique with _N) and
// func.call_indirect calls through it.
// CHECK-LABEL: func.func @indirect(%arg0: (i32) -> i32, %arg1: i32, %arg2: f32) -> i32 {
// CHECK-NEXT: %f = constant @decl : (i32) -> i32
// CHECK-NEXT: %f_0 = constant @empty : () -> ()
// CHECK-NEXT: %f_1 = constant {foo.tag} @private_body : (i32, f32) -> (i32, f32)
// CHECK-NEXT: %0 = call_indirect %f(%arg1) : (i32) -> i32
// CHECK-NEXT: call_indirect %f_0() : () -> ()
// CHECK-NEXT: %1 = call_indirect %arg0(%0) {foo.tag} : (i32) -> i32
// CHECK-NEXT: %2:2 = call_indirect %f_1(%1, %arg2) : (i32, f32) -> (i32, f32)
// CHECK-NEXT: return %2#0 : i32
// CHECK-NEXT: }
func.func @indirect(%fn: (i32) -> i32, %a: i32, %x: f32) -> i32 {
  %c = func.constant @decl : (i32) -> i32
  %e = constant @empty : () -> ()
  %p = constant {foo.tag} @private_body : (i32, f32) -> (i32, f32)
  %0 = func.call_indirect %c(%a) : (i32) -> i32
  call_indirect %e() : () -> ()
  %1 = call_indirect %fn(%0) {foo.tag} : (i32) -> i32
  %2:2 = call_indirect %p(%1, %x) : (i32, f32) -> (i32, f32)
  return %2#0 : i32
}

// Callees may be defined after their calls.
// CHECK-LABEL: func.func @forward_call() {
// CHECK-NEXT: call @defined_later() : () -> ()
// CHECK-NEXT: %f = constant @defined_later : () -> ()
// CHECK-NEXT: return
// CHECK-NEXT: }
// CHECK-NEXT: func.func private @defined_later(){{$}}
func.func @forward_call() {
  call @defined_later() : () -> ()
  %f = constant @defined_later : () -> ()
  return
}
func.func private @defined_later()

// Outside a function the `func.` prefix stays (a module's values are
// numbered apart from its functions', so these are in a module of their own).
// CHECK-LABEL: module @outside {
// CHECK-NEXT: func.func private @outside_decl() -> i32
// CHECK-NEXT: %f = func.constant @outside_decl : () -> i32
// CHECK-NEXT: %0 = func.call_indirect %f() : () -> i32
// CHECK-NEXT: %1 = func.call @outside_decl() : () -> i32
// CHECK-NEXT: }
module @outside {
  func.func private @outside_decl() -> i32
  %f = func.constant @outside_decl : () -> i32
  %0 = func.call_indirect %f() : () -> i32
  %1 = func.call @outside_decl() : () -> i32
}
