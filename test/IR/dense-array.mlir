// Dense array attributes, array<type: values>: MLIR 14 does not have them
// (it used dense<...> : vector<...> instead), so these prints follow current
// MLIR: elements print like integer and float attributes, without types.
// RUN: strata-opt --allow-unregistered-dialect %s | FileCheck %s
// RUN: bash %S/Inputs/fixed-point.sh strata-opt %s %t --allow-unregistered-dialect

// CHECK-LABEL: "u.ints"
// CHECK-SAME: a = array<i32: 1, 2, 3>
// CHECK-SAME: b = array<i64: -9223372036854775808, 9223372036854775807>
// CHECK-SAME: c = array<i8: -128, 127, -1>
// CHECK-SAME: d = array<i16: -1, 0>
// CHECK-SAME: e = array<i1: true, false, true, false>
// CHECK-SAME: f = array<i32: 7>
"u.ints"() {a = array<i32: 1, 2, 3>, b = array<i64: -9223372036854775808, 9223372036854775807>, c = array<i8: -128, 127, 255>, d = array<i16: 65535, 0>, e = array<i1: true, false, 1, 0>, f = array<i32: 0x7>} : () -> ()

// CHECK-LABEL: "u.floats"
// CHECK-SAME: a = array<f32: 1.000000e+00, 1.000000e-01, -0.000000e+00>
// CHECK-SAME: b = array<f64: 2.500000e+00, 3.1415926535897931>
// CHECK-SAME: c = array<f16: 9.997550e-02, 0x7E00>
// CHECK-SAME: d = array<bf16: 1.500000e+00, 0xFF80>
// CHECK-SAME: e = array<f32: 0x7FC00000, 3.14159203>
"u.floats"() {a = array<f32: 1.0, 0.1, -0.0>, b = array<f64: 2.5, 3.141592653589793>, c = array<f16: 0.1, 0x7E00>, d = array<bf16: 1.5, 0xFF80>, e = array<f32: 0x7FC00000, 3.141592>} : () -> ()

// Empty arrays print no colon.
// CHECK-LABEL: "u.empty"
// CHECK-SAME: {a = array<i32>, b = array<f64>, c = array<i1>}
"u.empty"() {a = array<i32>, b = array<f64>, c = array<i1>} : () -> ()

// Nested in arrays and dictionaries.
// CHECK-LABEL: "u.nested"
// CHECK-SAME: {a = [array<i32: 1>, array<i64>], b = {c = array<f32: 2.000000e+00>}}
"u.nested"() {a = [array<i32: 1>, array<i64>], b = {c = array<f32: 2.0>}} : () -> ()
