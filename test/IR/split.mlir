// --split-input-file: each chunk between split markers is parsed and
// printed on its own (its own module, value numbering, aliases), and the
// outputs are joined with the marker.  (MLIR 14 splits at the marker
// anywhere, even inside a comment, so none of these comments spells it.)
// RUN: strata-opt --split-input-file --allow-unregistered-dialect %s | FileCheck %s
// RUN: bash %S/Inputs/fixed-point.sh strata-opt %s %t --split-input-file --allow-unregistered-dialect

// CHECK: #map = affine_map<(d0) -> (d0 + 1)>
// CHECK-NEXT: module {
// CHECK-NEXT:   %0 = "u.first"() {m = #map} : () -> i32
// CHECK-NEXT: }
// CHECK-NEXT: // -{{-}}---
#m = affine_map<(d0) -> (d0 + 1)>
%a = "u.first"() {m = #m} : () -> i32

// -----

// Numbering and the alias counter start again; #m of the first chunk is
// gone, so this chunk defines its own.
// CHECK-NEXT: #map = affine_map<(d0) -> (d0 * 2)>
// CHECK-NEXT: module {
// CHECK-NEXT:   %0 = "u.second"() {m = #map} : () -> i64
// CHECK-NEXT: }
// CHECK-NEXT: // -{{-}}---
#m = affine_map<(d0) -> (d0 * 2)>
%a = "u.second"() {m = #m} : () -> i64

// -----

// A chunk with an explicit module prints it as is.
// CHECK-NEXT: module @named {
// CHECK-NEXT:   "u.third"() : () -> ()
// CHECK-NEXT: }
// CHECK-NEXT: // -{{-}}---
module @named {
  "u.third"() : () -> ()
}

// -----
// A chunk of comments only is an empty module.
// CHECK-NEXT: module {
// CHECK-NEXT: }
// CHECK-NOT: {{.}}
