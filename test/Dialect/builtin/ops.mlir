// Round trip of the builtin ops in their custom form: builtin.module (bare,
// named, with attributes, nested) and builtin.unrealized_conversion_cast
// with zero or more inputs and outputs.  Directly in a module the `builtin.`
// prefix is left out, as MLIR does; in a function it stays.  The first print
// is checked line by line; fixed-point.sh checks that printing it again
// gives the same text, in custom and generic form.
// RUN: strata-opt --allow-unregistered-dialect %s | FileCheck %s
// RUN: bash %S/../../IR/Inputs/fixed-point.sh strata-opt %s %t --allow-unregistered-dialect

// CHECK: module {
// CHECK-NEXT: module {
// CHECK-NEXT: }
// CHECK-NEXT: module @named {
// CHECK-NEXT: }
// CHECK-NEXT: module attributes {foo.a = 1 : i64, foo.b} {
// CHECK-NEXT: }
// CHECK-NEXT: module @both attributes {foo.c = "d"} {
// CHECK-NEXT: module @inner {
// CHECK-NEXT: module {
// CHECK-NEXT: func.func private @deep()
// CHECK-NEXT: }
// CHECK-NEXT: }
// CHECK-NEXT: }
// CHECK-NEXT: module @private attributes {sym_visibility = "private"} {
// CHECK-NEXT: }
builtin.module {
}
module @named {
}
module attributes {foo.b, foo.a = 1} {
}
module @both attributes {foo.c = "d"} {
  module @inner {
    builtin.module {
      func.func private @deep()
    }
  }
}
module @private attributes {sym_visibility = "private"} {
}

// The same name in different symbol tables is no redefinition.
// CHECK-NEXT: module @a {
// CHECK-NEXT: func.func private @f()
// CHECK-NEXT: }
// CHECK-NEXT: module @b {
// CHECK-NEXT: func.func private @f()
// CHECK-NEXT: module @a {
// CHECK-NEXT: }
// CHECK-NEXT: }
module @a {
  func.func private @f()
}
module @b {
  func.func private @f()
  module @a {
  }
}

// CHECK-LABEL: func.func @casts(%arg0: i32, %arg1: f32) {
// CHECK-NEXT: %0 = builtin.unrealized_conversion_cast to i32
// CHECK-NEXT: %1 = builtin.unrealized_conversion_cast %arg0 : i32 to i64
// CHECK-NEXT: %2:2 = builtin.unrealized_conversion_cast %arg0, %arg1 : i32, f32 to i64, !foo.bar
// CHECK-NEXT: %3 = builtin.unrealized_conversion_cast %arg0, %arg1 : i32, f32 to tensor<4xf32> {foo.tag}
// CHECK-NEXT: %4:3 = builtin.unrealized_conversion_cast %arg0 : i32 to i1, i2, i3
// CHECK-NEXT: %5 = builtin.unrealized_conversion_cast %4#0, %4#1, %4#2, %0 : i1, i2, i3, i32 to i64
// CHECK-NEXT: return
// CHECK-NEXT: }
func.func @casts(%a: i32, %b: f32) {
  %0 = builtin.unrealized_conversion_cast to i32
  %1 = builtin.unrealized_conversion_cast %a : i32 to i64
  %2:2 = builtin.unrealized_conversion_cast %a, %b : i32, f32 to i64, !foo.bar
  %3 = builtin.unrealized_conversion_cast %a, %b : i32, f32 to tensor<4xf32> {foo.tag}
  %4:3 = builtin.unrealized_conversion_cast %a : i32 to i1, i2, i3
  %5 = builtin.unrealized_conversion_cast %4#0, %4#1, %4#2, %0 : i1, i2, i3, i32 to i64
  return
}

// Directly in a module (and so in the implicit one) the prefix is elided.
// CHECK-LABEL: module @casts_in_module {
// CHECK-NEXT: %0 = unrealized_conversion_cast to i32
// CHECK-NEXT: %1:2 = unrealized_conversion_cast %0 : i32 to f32, index
// CHECK-NEXT: }
module @casts_in_module {
  %0 = unrealized_conversion_cast to i32
  %1:2 = builtin.unrealized_conversion_cast %0 : i32 to f32, index
}

// In an unregistered op's region the prefix stays; a cast cycle is legal in
// a graph region (a module's body).
// CHECK-LABEL: module @graph {
// CHECK-NEXT: %0 = unrealized_conversion_cast %1 : i32 to i64
// CHECK-NEXT: %1 = unrealized_conversion_cast %0 : i64 to i32
// CHECK-NEXT: "foo.region"() ({
// CHECK-NEXT: %2 = builtin.unrealized_conversion_cast %0 : i64 to i8
// CHECK-NEXT: }) : () -> ()
// CHECK-NEXT: }
// CHECK-NEXT: }
module @graph {
  %0 = unrealized_conversion_cast %1 : i32 to i64
  %1 = unrealized_conversion_cast %0 : i64 to i32
  "foo.region"() ({
    %2 = builtin.unrealized_conversion_cast %0 : i64 to i8
  }) : () -> ()
}
