// Symbol reference attributes: flat and nested (@a::@b::@c), names quoted
// when they are not identifiers.  Every print here is mlir-opt-14's too.
// RUN: strata-opt --allow-unregistered-dialect %s | FileCheck %s
// RUN: bash %S/Inputs/fixed-point.sh strata-opt %s %t --allow-unregistered-dialect

// CHECK-LABEL: "u.flat"
// CHECK-SAME: {a = @foo, b = @_under, c = @with.dots$and_dollar, d = @"with space", e = @"0starts_with_digit", f = @"q\22uote", g = @"new\0Aline"}
"u.flat"() {a = @foo, b = @_under, c = @with.dots$and_dollar, d = @"with space", e = @"0starts_with_digit", f = @"q\"uote", g = @"new\nline"} : () -> ()

// CHECK-LABEL: "u.nested"
// CHECK-SAME: {a = @outer::@inner, b = @a::@b::@c::@d, c = @"x y"::@z::@"0"}
"u.nested"() {a = @outer::@inner, b = @a::@b::@c::@d, c = @"x y"::@z::@"0"} : () -> ()

// A quoted name that is an identifier prints bare.
// CHECK-LABEL: "u.quoted"
// CHECK-SAME: {a = @plain, b = @plain::@also}
"u.quoted"() {a = @"plain", b = @"plain"::@"also"} : () -> ()

// In arrays and dictionaries.
// CHECK-LABEL: "u.in_containers"
// CHECK-SAME: {a = [@f, @g::@h], b = {callee = @f}}
"u.in_containers"() {a = [@f, @g::@h], b = {callee = @f}} : () -> ()
