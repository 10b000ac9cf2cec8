// Arrays, dictionaries, unit, bool and type attributes, nested in each
// other.  Dictionaries are sorted by name; a unit value prints as the bare
// name.  Every print here is mlir-opt-14's too.
// RUN: strata-opt --allow-unregistered-dialect %s | FileCheck %s
// RUN: bash %S/Inputs/fixed-point.sh strata-opt %s %t --allow-unregistered-dialect

// CHECK-LABEL: "u.arrays"
// CHECK-SAME: {a = [], b = [1, 2, 3], c = {{\[\[}}], {{\[\[}}]], [1, [2, [3]]]], d = [1, "s", 2.000000e+00, 3 : i8, true, unit, @sym, i32, [4]], e = [{}, {k = 1 : i64}]}
"u.arrays"() {a = [], b = [1, 2, 3], c = [[], [[]], [1, [2, [3]]]], d = [1, "s", 2.0, 3 : i8, true, unit, @sym, i32, [4]], e = [{}, {k = 1}]} : () -> ()

// CHECK-LABEL: "u.dicts"
// CHECK-SAME: {a = {}, b = {x = 1 : i64, y = 2 : i64, z = 3 : i64}, c = {inner = {deeper = {leaf}}}, d = {arr = [1], "key with space" = "v", unit_key}}
"u.dicts"() {a = {}, b = {z = 3, x = 1, y = 2}, c = {inner = {deeper = {leaf}}}, d = {unit_key = unit, arr = [1], "key with space" = "v"}} : () -> ()

// CHECK-LABEL: "u.scalars"
// CHECK-SAME: {f = false, t = true, u}
"u.scalars"() {u, t = true, f = false} : () -> ()

// Type attributes: any type, also function types and opaque types.
// CHECK-LABEL: "u.types"
// CHECK-SAME: {a = i32, b = tensor<?xf32>, c = (i32, f32) -> i1, d = !d.t<1>, e = none, f = [index, memref<*xf32>], g = tuple<>}
"u.types"() {a = i32, b = tensor<?xf32>, c = (i32, f32) -> i1, d = !d.t<1>, e = none, f = [index, memref<*xf32>], g = tuple<>} : () -> ()

// The op's attribute dictionary: empty ones are not printed, `{}` reads as
// none.
// CHECK-LABEL: "u.empty"() : () -> ()
"u.empty"() {} : () -> ()
