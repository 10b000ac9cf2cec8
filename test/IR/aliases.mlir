// Aliases: `#name = attribute` and `!name = type` definitions at the top
// level, used anywhere an attribute or type may be.  The printer resolves
// them (a name is not kept) and makes its own aliases for affine maps and
// integer sets only, as MLIR does for builtin attributes.
// RUN: strata-opt --allow-unregistered-dialect %s | FileCheck %s
// RUN: bash %S/Inputs/fixed-point.sh strata-opt %s %t --allow-unregistered-dialect
// MLIR 14 spelled type aliases `!name = type <type>`; --mlir14 reads that.
// RUN: sed -e 's/^!\([a-z_0-9]*\) = /!\1 = type /' %s > %t.mlir14
// RUN: strata-opt --allow-unregistered-dialect --mlir14 %t.mlir14 | FileCheck %s --check-prefix=MLIR14

#str = "hello"
#int = 42 : i32
#arr = [#str, #int, 1.0]
#dict = {a = #int, b = #arr}
#opaque = #d.thing<1>
#loc = loc("aliased.c":1:2)
!tuple = tuple<i32, f32>
!tensor = tensor<?x4xf32>
!nested = tuple<!tuple, !tensor>
!fn = (!tuple) -> !nested
!op = !d.t<x>

// CHECK-NOT: #str
// CHECK-NOT: !tuple
// CHECK-LABEL: "u.attrs"
// CHECK-SAME: {a = "hello", b = 42 : i32, c = ["hello", 42 : i32, 1.000000e+00], d = {a = 42 : i32, b = ["hello", 42 : i32, 1.000000e+00]}, e = #d.thing<1>, f = loc("aliased.c":1:2)}
"u.attrs"() {a = #str, b = #int, c = #arr, d = #dict, e = #opaque, f = #loc} : () -> ()

// CHECK-LABEL: "u.types"
// CHECK-SAME: (%{{.*}}) {t = tuple<i32, f32>} : (tuple<i32, f32>) -> (tensor<?x4xf32>, tuple<tuple<i32, f32>, tensor<?x4xf32>>, (tuple<i32, f32>) -> tuple<tuple<i32, f32>, tensor<?x4xf32>>, !d.t<x>)
%0 = "u.def"() : () -> !tuple
%1:4 = "u.types"(%0) {t = !tuple} : (!tuple) -> (!tensor, !nested, !fn, !op)

// An alias can stand for a location, in an op's trailing loc(...) too.
"u.located"() : () -> () loc(#loc)

// MLIR14-LABEL: "u.types"
// MLIR14-SAME: (%{{.*}}) {t = tuple<i32, f32>} : (tuple<i32, f32>) -> (tensor<?x4xf32>, tuple<tuple<i32, f32>, tensor<?x4xf32>>, (tuple<i32, f32>) -> tuple<tuple<i32, f32>, tensor<?x4xf32>>, !d.t<x>)
