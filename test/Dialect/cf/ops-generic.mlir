// The generic form of every cf op, read in generic form: successor lists,
// operandSegmentSizes of cf.cond_br and cf.switch, cf.switch's case_values
// (signed, in a dense vector of the flag's type) and case_operand_segments,
// cf.assert's msg.  The first generic print and the custom print of the
// same ops are checked; fixed-point.sh checks that both read back to
// themselves and that the generic print loses nothing.
// RUN: strata-opt --print-op-generic %s | FileCheck %s
// RUN: strata-opt %s | FileCheck %s --check-prefix=CUSTOM
// RUN: bash %S/../../IR/Inputs/fixed-point.sh strata-opt %s %t

// CHECK-LABEL: "func.func"() ({
// CHECK-NEXT: ^bb0(%arg0: i1, %arg1: i32, %arg2: i8):
// CHECK-NEXT: "cf.assert"(%arg0) {msg = "entry"} : (i1) -> ()
// CHECK-NEXT: "cf.br"()[^bb1] : () -> ()
// CHECK-NEXT: ^bb1:  // pred: ^bb0
// CHECK-NEXT: "cf.br"(%arg1, %arg0)[^bb2] {foo.tag} : (i32, i1) -> ()
// CHECK-NEXT: ^bb2(%0: i32, %1: i1):  // pred: ^bb1
// CHECK-NEXT: "cf.cond_br"(%1, %0, %arg1, %arg2)[^bb3, ^bb4] {operandSegmentSizes = array<i32: 1, 1, 2>} : (i1, i32, i32, i8) -> ()
// CHECK-NEXT: ^bb3(%2: i32):  // 2 preds: ^bb2, ^bb4
// CHECK-NEXT: "cf.cond_br"(%arg0)[^bb5, ^bb5] {operandSegmentSizes = array<i32: 1, 0, 0>} : (i1) -> ()
// CHECK-NEXT: ^bb4(%3: i32, %4: i8):  // 2 preds: ^bb2, ^bb4
// CHECK-NEXT: "cf.switch"(%4, %3, %3, %4)[^bb6, ^bb3, ^bb4, ^bb5] {case_operand_segments = array<i32: 1, 2, 0>, case_values = dense<[-1, 5, 127]> : vector<3xi8>, operandSegmentSizes = array<i32: 1, 0, 3>} : (i8, i32, i32, i8) -> ()
// CHECK-NEXT: ^bb5:  // 3 preds: ^bb3, ^bb3, ^bb4
// CHECK-NEXT: "cf.switch"(%arg1, %arg1)[^bb7] {case_operand_segments = array<i32>, foo.tag, operandSegmentSizes = array<i32: 1, 1, 0>} : (i32, i32) -> ()
// CHECK-NEXT: ^bb6:  // pred: ^bb4
// CHECK-NEXT: "func.return"() : () -> ()
// CHECK-NEXT: ^bb7(%5: i32):  // pred: ^bb5
// CHECK-NEXT: "func.return"() : () -> ()
// CHECK-NEXT: }) {function_type = (i1, i32, i8) -> (), sym_name = "ops"} : () -> ()
// CUSTOM-LABEL: func.func @ops(%arg0: i1, %arg1: i32, %arg2: i8) {
// CUSTOM-NEXT: cf.assert %arg0, "entry"
// CUSTOM-NEXT: cf.br ^bb1
// CUSTOM-NEXT: ^bb1:  // pred: ^bb0
// CUSTOM-NEXT: cf.br ^bb2(%arg1, %arg0 : i32, i1) {foo.tag}
// CUSTOM-NEXT: ^bb2(%0: i32, %1: i1):  // pred: ^bb1
// CUSTOM-NEXT: cf.cond_br %1, ^bb3(%0 : i32), ^bb4(%arg1, %arg2 : i32, i8)
// CUSTOM-NEXT: ^bb3(%2: i32):  // 2 preds: ^bb2, ^bb4
// CUSTOM-NEXT: cf.cond_br %arg0, ^bb5, ^bb5
// CUSTOM-NEXT: ^bb4(%3: i32, %4: i8):  // 2 preds: ^bb2, ^bb4
// CUSTOM-NEXT: cf.switch %4 : i8, [
// CUSTOM-NEXT: default: ^bb6,
// CUSTOM-NEXT: 255: ^bb3(%3 : i32),
// CUSTOM-NEXT: 5: ^bb4(%3, %4 : i32, i8),
// CUSTOM-NEXT: 127: ^bb5
// CUSTOM-NEXT: ]
// CUSTOM-NEXT: ^bb5:  // 3 preds: ^bb3, ^bb3, ^bb4
// CUSTOM-NEXT: cf.switch %arg1 : i32, [
// CUSTOM-NEXT: default: ^bb7(%arg1 : i32)] {foo.tag}
// CUSTOM-NEXT: ^bb6:  // pred: ^bb4
// CUSTOM-NEXT: return
// CUSTOM-NEXT: ^bb7(%5: i32):  // pred: ^bb5
// CUSTOM-NEXT: return
// CUSTOM-NEXT: }
"func.func"() ({
^bb0(%c: i1, %a: i32, %s: i8):
  "cf.assert"(%c) {msg = "entry"} : (i1) -> ()
  "cf.br"()[^bb1] : () -> ()
^bb1:
  "cf.br"(%a, %c)[^bb2] {foo.tag} : (i32, i1) -> ()
^bb2(%x: i32, %y: i1):
  "cf.cond_br"(%y, %x, %a, %s)[^bb3, ^bb4] {operandSegmentSizes = array<i32: 1, 1, 2>} : (i1, i32, i32, i8) -> ()
^bb3(%p: i32):
  "cf.cond_br"(%c)[^bb5, ^bb5] {operandSegmentSizes = array<i32: 1, 0, 0>} : (i1) -> ()
^bb4(%q: i32, %r: i8):
  "cf.switch"(%r, %q, %q, %r)[^bb6, ^bb3, ^bb4, ^bb5] {case_values = dense<[-1, 5, 127]> : vector<3xi8>, case_operand_segments = array<i32: 1, 2, 0>, operandSegmentSizes = array<i32: 1, 0, 3>} : (i8, i32, i32, i8) -> ()
^bb5:
  "cf.switch"(%a, %a)[^bb7] {case_operand_segments = array<i32>, operandSegmentSizes = array<i32: 1, 1, 0>, foo.tag} : (i32, i32) -> ()
^bb6:
  "func.return"() : () -> ()
^bb7(%z: i32):
  "func.return"() : () -> ()
}) {sym_name = "ops", function_type = (i1, i32, i8) -> ()} : () -> ()
