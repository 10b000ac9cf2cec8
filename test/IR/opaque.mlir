// Types and attributes of dialects that are not registered are kept as
// opaque symbol data, as MLIR's OpaqueType and OpaqueAttr keep them: `x<..>`
// of the pretty form !d.x<..>, the text between the brackets of the verbose
// form !d<..>.  The data prints in the pretty form when it is an identifier,
// optionally followed by <...>, else in the verbose form.  This is current
// MLIR; MLIR 14's verbose form held a string literal, !d<"data"> (--mlir14,
// checked at the end).
// RUN: strata-opt --allow-unregistered-dialect %s | FileCheck %s
// RUN: bash %S/Inputs/fixed-point.sh strata-opt %s %t --allow-unregistered-dialect
// RUN: strata-opt --allow-unregistered-dialect --mlir14 %s | FileCheck %s --check-prefix=MLIR14
// RUN: bash %S/Inputs/fixed-point.sh strata-opt %s %t --allow-unregistered-dialect --mlir14

// Pretty bodies are kept verbatim: nested brackets, strings, arrows.  (A
// '>' inside a string, as in !d.x<"a>b">, is current MLIR; MLIR 14 cannot
// read it.  Every other print in this file is mlir-opt-14's too.)
// CHECK-LABEL: "u.types"
// CHECK-SAME: () -> (!d.x, !d.x.y_z, !d.x<1, "s">, !d.x<a<b>, [c], (d), {e}>, !d.x<"a>b">, !d.f<(i32) -> i32>, !d.x<>)
"u.types"() : () -> (!d.x, !d.x.y_z, !d.x<1, "s">, !d.x<a<b>, [c], (d), {e}>, !d.x<"a>b">, !d.f<(i32) -> i32>, !d.x<>)

// The verbose form prints pretty when its data allows.
// CHECK-LABEL: "u.verbose"
// CHECK-SAME: () -> (!d.t, !d.x<1>, !d<"t">, !d<1 2>, !d<>)
"u.verbose"() : () -> (!d<t>, !d<x<1>>, !d<"t">, !d<1 2>, !d<>)

// Attributes take an optional type.
// CHECK-LABEL: "u.attrs"
// CHECK-SAME: {a = #d.x, b = #d.x<"a", 1>, c = #d.x : i32, d = #d.t, e = #d<"t"> : tensor<2xi8>, f = #d.a.b<(x)>, g = [#d.x, #e.y<[1]>]}
"u.attrs"() {a = #d.x, b = #d.x<"a", 1>, c = #d.x : i32, d = #d<t>, e = #d<"t"> : tensor<2xi8>, f = #d.a.b<(x)>, g = [#d.x, #e.y<[1]>]} : () -> ()

// Nested in builtin types.
// CHECK-LABEL: "u.nested"
// CHECK-SAME: () -> (tensor<4x!d.t>, tuple<!d.a, !e.b>, (!d.a) -> !d.b, tensor<4xf32, #d.enc<1>>)
"u.nested"() : () -> (tensor<4x!d.t>, tuple<!d.a, !e.b>, (!d.a) -> !d.b, tensor<4xf32, #d.enc<1>>)

// With --mlir14 the verbose form is a string literal whose value is the data.
// MLIR14-LABEL: "u.verbose"
// MLIR14-SAME: () -> (!d.t, !d.x<1>, !d.t, !d<"1 2">, !d<"">)
// MLIR14-LABEL: "u.attrs"
// MLIR14-SAME: d = #d.t, e = #d.t : tensor<2xi8>
