// String attributes, attribute names and symbol names: escapes read as MLIR
// reads them ("\n", "\t", "\"", "\\", two hex digits) and print as
// llvm::printEscapedString writes them: printable ASCII as is, '\\' as
// "\\", everything else (including '"') as two hex digits.  Every print
// here is mlir-opt-14's too.
// RUN: strata-opt --allow-unregistered-dialect %s | FileCheck %s
// MLIR 14 spells all of this the same way (names were once left unquoted
// in --mlir14 output).
// RUN: strata-opt --allow-unregistered-dialect --mlir14 %s | FileCheck %s
// RUN: bash %S/Inputs/fixed-point.sh strata-opt %s %t --allow-unregistered-dialect

// CHECK-LABEL: "u.escapes"
// CHECK-SAME: a = "a\0Ab"
// CHECK-SAME: b = "tab\09here"
// CHECK-SAME: c = "q\22q"
// CHECK-SAME: d = "back\\slash"
// CHECK-SAME: e = "x\0Ay"
// CHECK-SAME: f = "\00\01\1F\7F"
// CHECK-SAME: g = "\E2\82\AC and \C3\A9"
// CHECK-SAME: h = ""
// CHECK-SAME: i = "~ !#$%&'()*+,-./09:;<=>?@AZ[]^_`az{|}"
"u.escapes"() {a = "a\nb", b = "tab\there", c = "q\"q", d = "back\\slash", e = "x\0Ay", f = "\00\01\1f\7F", g = "€ and é", h = "", i = "~ !#$%&'()*+,-./09:;<=>?@AZ[]^_`az{|}"} : () -> ()

// A string attribute may carry a type.
// CHECK-LABEL: "u.typed"
// CHECK-SAME: {a = "s" : i32, b = "t" : tensor<2xi8>, c = "u" : !d.t}
"u.typed"() {a = "s" : i32, b = "t" : tensor<2xi8>, c = "u" : !d.t} : () -> ()

// Attribute names print bare when they are identifiers (letters, digits,
// '_', '$', '.'), else quoted; dictionaries are sorted by name.
// CHECK-LABEL: "u.names"
// CHECK-SAME: {"0digit" = 5 : i64, _u, a.b = 3 : i64, k$ = 4 : i64, plain = 2 : i64, "quoted key" = 1 : i64, "with\22quote"}
"u.names"() {"quoted key" = 1, plain = 2, "a.b" = 3, k$ = 4, _u, "0digit" = 5, "with\"quote"} : () -> ()

// Symbol references: nested, and quoted when not identifiers.
// CHECK-LABEL: "u.symbols"
// CHECK-SAME: {a = @foo, b = @foo::@bar::@baz, c = @"with space", d = @"q\22s"::@"x\0Ay", e = @"0x", f = @a.b$c_d}
"u.symbols"() {a = @foo, b = @foo::@bar::@baz, c = @"with space", d = @"q\"s"::@"x\ny", e = @"0x", f = @"a.b$c_d"} : () -> ()
