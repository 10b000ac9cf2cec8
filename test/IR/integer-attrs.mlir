// Integer attributes of any width: values are read as MLIR reads them and
// printed as MLIR prints them (every print here is mlir-opt-14's too).
// RUN: strata-opt --allow-unregistered-dialect %s | FileCheck %s
// RUN: bash %S/Inputs/fixed-point.sh strata-opt %s %t --allow-unregistered-dialect

// i64 is the default type, and its type is not printed.
// CHECK-LABEL: "u.default"
// CHECK-SAME: {a = 3 : i64, b = -3 : i64, c = 0 : i64}
"u.default"() {a = 3, b = -3, c = 0 : i64} : () -> ()

// i1 prints as true/false whatever the literal was.
// CHECK-LABEL: "u.bools"
// CHECK-SAME: {a = true, b = false, c = true, d = false, e = true}
"u.bools"() {a = true, b = false, c = 1 : i1, d = 0 : i1, e = -1 : i1} : () -> ()

// Odd widths, and i0 (whose only value is 0).
// CHECK-LABEL: "u.widths"
// CHECK-SAME: {a = 0 : i0, b = 63 : i7, c = -64 : i7, d = -1 : i7, e = 65535 : i17, f = 42 : i16777215}
"u.widths"() {a = 0 : i0, b = 63 : i7, c = -64 : i7, d = 127 : i7, e = 65535 : i17, f = 42 : i16777215} : () -> ()

// Signless types take both readings of the bits: 255 : i8 is -1 : i8,
// printed signed.  Hex literals are bit patterns too.
// CHECK-LABEL: "u.signless"
// CHECK-SAME: {a = -1 : i8, b = -128 : i8, c = 127 : i8, d = -1 : i8, e = -1 : i64, f = -9223372036854775808 : i64, g = 9223372036854775807 : i64, h = -1 : i32}
"u.signless"() {a = 255 : i8, b = -128 : i8, c = 0x7F : i8, d = 0xFF : i8, e = 18446744073709551615 : i64, f = -9223372036854775808, g = 9223372036854775807, h = -0x1 : i32} : () -> ()

// Signed and unsigned types keep their range and print their way.
// CHECK-LABEL: "u.signed"
// CHECK-SAME: {a = -128 : si8, b = 127 : si8, c = 255 : ui8, d = 0 : ui8, e = -1 : si1, f = 1 : ui1, g = 18446744073709551615 : ui64, h = -9223372036854775808 : si64}
"u.signed"() {a = -128 : si8, b = 127 : si8, c = 255 : ui8, d = 0 : ui8, e = -1 : si1, f = 1 : ui1, g = 18446744073709551615 : ui64, h = -9223372036854775808 : si64} : () -> ()

// index is signed, 64 bits.
// CHECK-LABEL: "u.index"
// CHECK-SAME: {a = 0 : index, b = -1 : index, c = 9223372036854775807 : index, d = -9223372036854775808 : index}
"u.index"() {a = 0 : index, b = -1 : index, c = 9223372036854775807 : index, d = -9223372036854775808 : index} : () -> ()

// Beyond 64 bits.  2^64 : i65 sets the sign bit of a signless i65 (k).
// CHECK-LABEL: "u.wide"
// CHECK-SAME: a = 170141183460469231731687303715884105727 : i128
// CHECK-SAME: b = -1 : i128
// CHECK-SAME: c = -170141183460469231731687303715884105728 : i128
// CHECK-SAME: d = 18446744073709551615 : i65
// CHECK-SAME: e = -18446744073709551616 : i65
// CHECK-SAME: f = 340282366920938463463374607431768211455 : ui128
// CHECK-SAME: g = -1 : i128
// CHECK-SAME: h = 79228162514264337593543950336 : si100
// CHECK-SAME: i = 1 : i1000
// CHECK-SAME: j = -1 : i1000
// CHECK-SAME: k = -18446744073709551616 : i65
"u.wide"() {a = 170141183460469231731687303715884105727 : i128, b = -1 : i128, c = -170141183460469231731687303715884105728 : i128, d = 18446744073709551615 : i65, e = -18446744073709551616 : i65, f = 340282366920938463463374607431768211455 : ui128, g = 0xFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFF : i128, h = 79228162514264337593543950336 : si100, i = 1 : i1000, j = -1 : i1000, k = 18446744073709551616 : i65} : () -> ()

// Inside arrays, i64 elides its type as it does in dictionaries.
// CHECK-LABEL: "u.nested"
// CHECK-SAME: {a = [1, -2, 3 : i32, true, 255 : ui8], b = {x = 7 : i64, y = 7 : si4}}
"u.nested"() {a = [1, -2, 3 : i32, true, 255 : ui8], b = {x = 7, y = 7 : si4}} : () -> ()
