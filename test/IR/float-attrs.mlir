// Float attributes print as MLIR's printFloatValue does: APFloat's
// 6-significant-digit scientific form when it reads back exactly, else its
// default form (up to 4, 5, 9 or 17 significant digits for bf16, f16, f32,
// f64) when that has a '.', else the bit pattern in hex.  The digits are
// APFloat's, not printf's (1.5e-45 : f32 is 1.401300e-45, not
// 1.401298e-45).  Every print here is mlir-opt-14's too (but one, in
// "u.nested"); current MLIR prints floats the same way.
// RUN: strata-opt --allow-unregistered-dialect %s | FileCheck %s
// RUN: bash %S/Inputs/fixed-point.sh strata-opt %s %t --allow-unregistered-dialect

// f64 is the default type, and its type is not printed in dictionaries.
// CHECK-LABEL: "u.default"
// CHECK-SAME: {a = 1.000000e+00 : f64, b = -2.500000e+00 : f64, c = 1.000000e+10 : f64, d = 1.000000e-01 : f64}
"u.default"() {a = 1.0, b = -2.5, c = 1.0e10, d = 0.1 : f64} : () -> ()

// Each type rounds to its own precision (e and f are the same values as
// a and b, written as bit patterns).
// CHECK-LABEL: "u.types"
// CHECK-SAME: {a = 9.997550e-02 : f16, b = 1.000980e-01 : bf16, c = 1.000000e-01 : f32, d = 1.000000e-01 : f64, e = 9.997550e-02 : f16, f = 1.000980e-01 : bf16}
"u.types"() {a = 0.1 : f16, b = 0.1 : bf16, c = 0.1 : f32, d = 0.1 : f64, e = 0x2E66 : f16, f = 0x3DCD : bf16} : () -> ()

// Zeros keep their sign.
// CHECK-LABEL: "u.zeros"
// CHECK-SAME: {a = 0.000000e+00 : f32, b = -0.000000e+00 : f32, c = -0.000000e+00 : f64, d = -0.000000e+00 : f16, e = -0.000000e+00 : bf16}
"u.zeros"() {a = 0.0 : f32, b = -0.0 : f32, c = -0.0, d = -0.0 : f16, e = 0x8000 : bf16} : () -> ()

// Six digits that do not read back: APFloat's default form, which is
// scientific with an 'E' for small and large exponents (f).  f16 and bf16
// values have few digits: 3.1414 : f16 is 3.140630e+00.
// CHECK-LABEL: "u.long"
// CHECK-SAME: {a = 3.14159203 : f32, b = 3.1415920000000002 : f64, c = 299792.5 : f32, d = 12345.678 : f64, e = 1234567.1000000001 : f64, f = 1.23456786E-10 : f32, g = 3.140630e+00 : f16, h = 3.140630e+00 : bf16}
"u.long"() {a = 3.141592 : f32, b = 3.141592 : f64, c = 2.997925e+05 : f32, d = 12345.678, e = 1234567.1, f = 1.2345678e-10 : f32, g = 3.1414 : f16, h = 3.141 : bf16} : () -> ()

// Subnormals and extremes.
// CHECK-LABEL: "u.extremes"
// CHECK-SAME: {a = 1.401300e-45 : f32, b = 4.940660e-324 : f64, c = 5.960460e-08 : f16, d = 6.550400e+04 : f16, e = 3.40282347E+38 : f32, f = 1.7976931348623157E+308 : f64, g = 2.225070e-308 : f64, h = 9.183550e-41 : bf16}
"u.extremes"() {a = 1.5e-45 : f32, b = 4.9e-324, c = 0x0001 : f16, d = 65504.0 : f16, e = 0x7F7FFFFF : f32, f = 0x7FEFFFFFFFFFFFFF : f64, g = 2.22507e-308, h = 0x0001 : bf16} : () -> ()

// Neither form has a '.': hex.  Infinities and NaNs (with their payload
// and sign) are always hex.
// CHECK-LABEL: "u.hex"
// CHECK-SAME: {a = 0x4A36FA94 : f32, b = 0x7F800000 : f32, c = 0xFF800000 : f32, d = 0x7FC00000 : f32, e = 0x7FC00001 : f32, f = 0xFFC00000 : f32, g = 0x7FF8000000000000 : f64, h = 0x7FF0000000000001 : f64, i = 0x7C00 : f16, j = 0x7E00 : f16, k = 0x7F80 : bf16, l = 0x7FC0 : bf16, m = 0xFFF0000000000000 : f64}
"u.hex"() {a = 2.997925e+06 : f32, b = 0x7F800000 : f32, c = 0xFF800000 : f32, d = 0x7FC00000 : f32, e = 0x7FC00001 : f32, f = 0xFFC00000 : f32, g = 0x7FF8000000000000 : f64, h = 0x7FF0000000000001 : f64, i = 0x7C00 : f16, j = 0x7E00 : f16, k = 0x7F80 : bf16, l = 0x7FC0 : bf16, m = 0xFFF0000000000000 : f64} : () -> ()

// Hex literals are bit patterns of the type; decimal literals round to
// nearest even (16777217.0 : f32 is 16777216, which prints in hex: its
// default form "16777216" has no '.').
// CHECK-LABEL: "u.bits"
// CHECK-SAME: {a = 1.000000e+00 : f32, b = 1.000000e+00 : f64, c = 1.000000e+00 : f16, d = 1.000000e+00 : bf16, e = 1.000000e+00 : f32, f = 0x4B800000 : f32}
"u.bits"() {a = 0x3F800000 : f32, b = 0x3FF0000000000000 : f64, c = 0x3C00 : f16, d = 0x3F80 : bf16, e = 1.00000001 : f32, f = 16777217.0 : f32} : () -> ()

// In arrays f64 elides its type too, except in hex: 0x7FF0000000000000
// alone would read back as an i64.  Here Strata differs from mlir-opt-14,
// which drops the type and turns the value into an integer on the next read.
// CHECK-LABEL: "u.nested"
// CHECK-SAME: {a = [1.500000e+00, 2.500000e+00 : f32, 0x7FF0000000000000 : f64]}
"u.nested"() {a = [1.5, 2.5 : f32, 0x7FF0000000000000 : f64]} : () -> ()
