// The generic form of the scf ops, read in generic form: scf.for's
// operands (bounds, step, then initial values) and body arguments (the
// induction variable, then the loop-carried values), scf.if's empty else
// region `{\n}`, scf.while's two regions, scf.parallel's
// operandSegmentSizes and its scf.reduce terminator with one region per
// reduced value, scf.index_switch's `cases` and its regions (default
// first).  The first generic print and the custom print of the same ops are
// checked; fixed-point.sh checks that both read back to themselves and that
// the generic print loses nothing.
// RUN: strata-opt --print-op-generic %s | FileCheck %s
// RUN: strata-opt %s | FileCheck %s --check-prefix=CUSTOM
// RUN: bash %S/../../IR/Inputs/fixed-point.sh strata-opt %s %t

// CHECK-LABEL: "func.func"() ({
// CHECK-NEXT: ^bb0(%arg0: index, %arg1: index, %arg2: index, %arg3: f32, %arg4: i32):
// CHECK-NEXT: "scf.for"(%arg0, %arg1, %arg2) ({
// CHECK-NEXT: ^bb0(%arg5: index):
// CHECK-NEXT: %6 = "arith.addi"(%arg5, %arg5) : (index, index) -> index
// CHECK-NEXT: "scf.yield"() : () -> ()
// CHECK-NEXT: }) : (index, index, index) -> ()
// CHECK-NEXT: "scf.for"(%arg0, %arg1, %arg2) ({
// CHECK-NEXT: ^bb0(%arg5: index):
// CHECK-NEXT: "scf.yield"() : () -> ()
// CHECK-NEXT: }) : (index, index, index) -> ()
// CHECK-NEXT: %0 = "scf.for"(%arg0, %arg1, %arg2, %arg3) ({
// CHECK-NEXT: ^bb0(%arg5: index, %arg6: f32):
// CHECK-NEXT: %6 = "arith.addf"(%arg6, %arg6) : (f32, f32) -> f32
// CHECK-NEXT: "scf.yield"(%6) : (f32) -> ()
// CHECK-NEXT: }) : (index, index, index, f32) -> f32
// CHECK-NEXT: %1:2 = "scf.for"(%arg0, %arg1, %arg2, %0, %arg4) ({
// CHECK-NEXT: ^bb0(%arg5: index, %arg6: f32, %arg7: i32):
// CHECK-NEXT: "scf.yield"(%arg6, %arg7) : (f32, i32) -> ()
// CHECK-NEXT: }) {foo.tag} : (index, index, index, f32, i32) -> (f32, i32)
// CHECK-NEXT: %2 = "arith.constant"() {value = 0 : i32} : () -> i32
// CHECK-NEXT: %3 = "arith.constant"() {value = 8 : i32} : () -> i32
// CHECK-NEXT: %4 = "arith.constant"() {value = 1 : i32} : () -> i32
// CHECK-NEXT: %5 = "scf.for"(%2, %3, %4, %2) ({
// CHECK-NEXT: ^bb0(%arg5: i32, %arg6: i32):
// CHECK-NEXT: %6 = "arith.addi"(%arg6, %arg5) : (i32, i32) -> i32
// CHECK-NEXT: "scf.yield"(%6) : (i32) -> ()
// CHECK-NEXT: }) : (i32, i32, i32, i32) -> i32
// CHECK-NEXT: "scf.for"(%2, %3, %4) ({
// CHECK-NEXT: ^bb0(%arg5: i32):
// CHECK-NEXT: "scf.yield"() : () -> ()
// CHECK-NEXT: }) {unsignedCmp} : (i32, i32, i32) -> ()
// CHECK-NEXT: "func.return"(%1#0, %5) : (f32, i32) -> ()
// CHECK-NEXT: }) {function_type = (index, index, index, f32, i32) -> (f32, i32), sym_name = "for_loops"} : () -> ()
// CUSTOM-LABEL: func.func @for_loops(%arg0: index, %arg1: index, %arg2: index, %arg3: f32, %arg4: i32) -> (f32, i32) {
// CUSTOM-NEXT: scf.for %arg5 = %arg0 to %arg1 step %arg2 {
// CUSTOM-NEXT: %3 = arith.addi %arg5, %arg5 : index
// CUSTOM-NEXT: }
// CUSTOM-NEXT: scf.for %arg5 = %arg0 to %arg1 step %arg2 {
// CUSTOM-NEXT: }
// CUSTOM-NEXT: %0 = scf.for %arg5 = %arg0 to %arg1 step %arg2 iter_args(%arg6 = %arg3) -> (f32) {
// CUSTOM-NEXT: %3 = arith.addf %arg6, %arg6 : f32
// CUSTOM-NEXT: scf.yield %3 : f32
// CUSTOM-NEXT: }
// CUSTOM-NEXT: %1:2 = scf.for %arg5 = %arg0 to %arg1 step %arg2 iter_args(%arg6 = %0, %arg7 = %arg4) -> (f32, i32) {
// CUSTOM-NEXT: scf.yield %arg6, %arg7 : f32, i32
// CUSTOM-NEXT: } {foo.tag}
// CUSTOM-NEXT: %c0_i32 = arith.constant 0 : i32
// CUSTOM-NEXT: %c8_i32 = arith.constant 8 : i32
// CUSTOM-NEXT: %c1_i32 = arith.constant 1 : i32
// CUSTOM-NEXT: %2 = scf.for %arg5 = %c0_i32 to %c8_i32 step %c1_i32 iter_args(%arg6 = %c0_i32) -> (i32)  : i32 {
// CUSTOM-NEXT: %3 = arith.addi %arg6, %arg5 : i32
// CUSTOM-NEXT: scf.yield %3 : i32
// CUSTOM-NEXT: }
// CUSTOM-NEXT: scf.for unsigned %arg5 = %c0_i32 to %c8_i32 step %c1_i32  : i32 {
// CUSTOM-NEXT: }
// CUSTOM-NEXT: return %1#0, %2 : f32, i32
// CUSTOM-NEXT: }
"func.func"() ({
^bb0(%arg0: index, %arg1: index, %arg2: index, %arg3: f32, %arg4: i32):
  "scf.for"(%arg0, %arg1, %arg2) ({
  ^bb0(%arg5: index):
    %6 = "arith.addi"(%arg5, %arg5) : (index, index) -> index
    "scf.yield"() : () -> ()
  }) : (index, index, index) -> ()
  "scf.for"(%arg0, %arg1, %arg2) ({
  ^bb0(%arg5: index):
    "scf.yield"() : () -> ()
  }) : (index, index, index) -> ()
  %0 = "scf.for"(%arg0, %arg1, %arg2, %arg3) ({
  ^bb0(%arg5: index, %arg6: f32):
    %6 = "arith.addf"(%arg6, %arg6) : (f32, f32) -> f32
    "scf.yield"(%6) : (f32) -> ()
  }) : (index, index, index, f32) -> f32
  %1:2 = "scf.for"(%arg0, %arg1, %arg2, %0, %arg4) ({
  ^bb0(%arg5: index, %arg6: f32, %arg7: i32):
    "scf.yield"(%arg6, %arg7) : (f32, i32) -> ()
  }) {foo.tag} : (index, index, index, f32, i32) -> (f32, i32)
  %2 = "arith.constant"() {value = 0 : i32} : () -> i32
  %3 = "arith.constant"() {value = 8 : i32} : () -> i32
  %4 = "arith.constant"() {value = 1 : i32} : () -> i32
  %5 = "scf.for"(%2, %3, %4, %2) ({
  ^bb0(%arg5: i32, %arg6: i32):
    %6 = "arith.addi"(%arg6, %arg5) : (i32, i32) -> i32
    "scf.yield"(%6) : (i32) -> ()
  }) : (i32, i32, i32, i32) -> i32
  "scf.for"(%2, %3, %4) ({
  ^bb0(%arg5: i32):
    "scf.yield"() : () -> ()
  }) {unsignedCmp} : (i32, i32, i32) -> ()
  "func.return"(%1#0, %5) : (f32, i32) -> ()
}) {function_type = (index, index, index, f32, i32) -> (f32, i32), sym_name = "for_loops"} : () -> ()

// CHECK-LABEL: "func.func"() ({
// CHECK-NEXT: ^bb0(%arg0: i1, %arg1: f32, %arg2: f32):
// CHECK-NEXT: "scf.if"(%arg0) ({
// CHECK-NEXT: %2 = "arith.addf"(%arg1, %arg2) : (f32, f32) -> f32
// CHECK-NEXT: "scf.yield"() : () -> ()
// CHECK-NEXT: }, {
// CHECK-NEXT: }) : (i1) -> ()
// CHECK-NEXT: "scf.if"(%arg0) ({
// CHECK-NEXT: "scf.yield"() : () -> ()
// CHECK-NEXT: }, {
// CHECK-NEXT: %2 = "arith.mulf"(%arg1, %arg2) : (f32, f32) -> f32
// CHECK-NEXT: "scf.yield"() : () -> ()
// CHECK-NEXT: }) : (i1) -> ()
// CHECK-NEXT: %0 = "scf.if"(%arg0) ({
// CHECK-NEXT: "scf.yield"(%arg1) : (f32) -> ()
// CHECK-NEXT: }, {
// CHECK-NEXT: "scf.yield"(%arg2) : (f32) -> ()
// CHECK-NEXT: }) : (i1) -> f32
// CHECK-NEXT: %1:2 = "scf.if"(%arg0) ({
// CHECK-NEXT: "scf.yield"(%arg1, %arg0) : (f32, i1) -> ()
// CHECK-NEXT: }, {
// CHECK-NEXT: "scf.yield"(%arg2, %arg0) : (f32, i1) -> ()
// CHECK-NEXT: }) {foo.tag} : (i1) -> (f32, i1)
// CHECK-NEXT: "func.return"(%1#0) : (f32) -> ()
// CHECK-NEXT: }) {function_type = (i1, f32, f32) -> f32, sym_name = "ifs"} : () -> ()
// CUSTOM-LABEL: func.func @ifs(%arg0: i1, %arg1: f32, %arg2: f32) -> f32 {
// CUSTOM-NEXT: scf.if %arg0 {
// CUSTOM-NEXT: %2 = arith.addf %arg1, %arg2 : f32
// CUSTOM-NEXT: }
// CUSTOM-NEXT: scf.if %arg0 {
// CUSTOM-NEXT: } else {
// CUSTOM-NEXT: %2 = arith.mulf %arg1, %arg2 : f32
// CUSTOM-NEXT: }
// CUSTOM-NEXT: %0 = scf.if %arg0 -> (f32) {
// CUSTOM-NEXT: scf.yield %arg1 : f32
// CUSTOM-NEXT: } else {
// CUSTOM-NEXT: scf.yield %arg2 : f32
// CUSTOM-NEXT: }
// CUSTOM-NEXT: %1:2 = scf.if %arg0 -> (f32, i1) {
// CUSTOM-NEXT: scf.yield %arg1, %arg0 : f32, i1
// CUSTOM-NEXT: } else {
// CUSTOM-NEXT: scf.yield %arg2, %arg0 : f32, i1
// CUSTOM-NEXT: } {foo.tag}
// CUSTOM-NEXT: return %1#0 : f32
// CUSTOM-NEXT: }
"func.func"() ({
^bb0(%arg0: i1, %arg1: f32, %arg2: f32):
  "scf.if"(%arg0) ({
    %2 = "arith.addf"(%arg1, %arg2) : (f32, f32) -> f32
    "scf.yield"() : () -> ()
  }, {
  }) : (i1) -> ()
  "scf.if"(%arg0) ({
    "scf.yield"() : () -> ()
  }, {
    %2 = "arith.mulf"(%arg1, %arg2) : (f32, f32) -> f32
    "scf.yield"() : () -> ()
  }) : (i1) -> ()
  %0 = "scf.if"(%arg0) ({
    "scf.yield"(%arg1) : (f32) -> ()
  }, {
    "scf.yield"(%arg2) : (f32) -> ()
  }) : (i1) -> f32
  %1:2 = "scf.if"(%arg0) ({
    "scf.yield"(%arg1, %arg0) : (f32, i1) -> ()
  }, {
    "scf.yield"(%arg2, %arg0) : (f32, i1) -> ()
  }) {foo.tag} : (i1) -> (f32, i1)
  "func.return"(%1#0) : (f32) -> ()
}) {function_type = (i1, f32, f32) -> f32, sym_name = "ifs"} : () -> ()

// CHECK-LABEL: "func.func"() ({
// CHECK-NEXT: ^bb0(%arg0: i1, %arg1: f32):
// CHECK-NEXT: "scf.while"() ({
// CHECK-NEXT: "scf.condition"(%arg0) : (i1) -> ()
// CHECK-NEXT: }, {
// CHECK-NEXT: "scf.yield"() : () -> ()
// CHECK-NEXT: }) : () -> ()
// CHECK-NEXT: %0:2 = "scf.while"(%arg1, %arg0) ({
// CHECK-NEXT: ^bb0(%arg2: f32, %arg3: i1):
// CHECK-NEXT: "scf.condition"(%arg3, %arg2, %arg3) : (i1, f32, i1) -> ()
// CHECK-NEXT: }, {
// CHECK-NEXT: ^bb0(%arg2: f32, %arg3: i1):
// CHECK-NEXT: "scf.yield"(%arg2, %arg3) : (f32, i1) -> ()
// CHECK-NEXT: }) {foo.tag} : (f32, i1) -> (f32, i1)
// CHECK-NEXT: %1 = "scf.while"(%arg1) ({
// CHECK-NEXT: ^bb0(%arg2: f32):
// CHECK-NEXT: "scf.condition"(%arg0, %arg0) : (i1, i1) -> ()
// CHECK-NEXT: }, {
// CHECK-NEXT: ^bb0(%arg2: i1):
// CHECK-NEXT: "scf.yield"(%arg1) : (f32) -> ()
// CHECK-NEXT: }) : (f32) -> i1
// CHECK-NEXT: "func.return"(%0#0) : (f32) -> ()
// CHECK-NEXT: }) {function_type = (i1, f32) -> f32, sym_name = "whiles"} : () -> ()
// CUSTOM-LABEL: func.func @whiles(%arg0: i1, %arg1: f32) -> f32 {
// CUSTOM-NEXT: scf.while : () -> () {
// CUSTOM-NEXT: scf.condition(%arg0)
// CUSTOM-NEXT: } do {
// CUSTOM-NEXT: scf.yield
// CUSTOM-NEXT: }
// CUSTOM-NEXT: %0:2 = scf.while (%arg2 = %arg1, %arg3 = %arg0) : (f32, i1) -> (f32, i1) {
// CUSTOM-NEXT: scf.condition(%arg3) %arg2, %arg3 : f32, i1
// CUSTOM-NEXT: } do {
// CUSTOM-NEXT: ^bb0(%arg2: f32, %arg3: i1):
// CUSTOM-NEXT: scf.yield %arg2, %arg3 : f32, i1
// CUSTOM-NEXT: } attributes {foo.tag}
// CUSTOM-NEXT: %1 = scf.while (%arg2 = %arg1) : (f32) -> i1 {
// CUSTOM-NEXT: scf.condition(%arg0) %arg0 : i1
// CUSTOM-NEXT: } do {
// CUSTOM-NEXT: ^bb0(%arg2: i1):
// CUSTOM-NEXT: scf.yield %arg1 : f32
// CUSTOM-NEXT: }
// CUSTOM-NEXT: return %0#0 : f32
// CUSTOM-NEXT: }
"func.func"() ({
^bb0(%arg0: i1, %arg1: f32):
  "scf.while"() ({
    "scf.condition"(%arg0) : (i1) -> ()
  }, {
    "scf.yield"() : () -> ()
  }) : () -> ()
  %0:2 = "scf.while"(%arg1, %arg0) ({
  ^bb0(%arg2: f32, %arg3: i1):
    "scf.condition"(%arg3, %arg2, %arg3) : (i1, f32, i1) -> ()
  }, {
  ^bb0(%arg2: f32, %arg3: i1):
    "scf.yield"(%arg2, %arg3) : (f32, i1) -> ()
  }) {foo.tag} : (f32, i1) -> (f32, i1)
  %1 = "scf.while"(%arg1) ({
  ^bb0(%arg2: f32):
    "scf.condition"(%arg0, %arg0) : (i1, i1) -> ()
  }, {
  ^bb0(%arg2: i1):
    "scf.yield"(%arg1) : (f32) -> ()
  }) : (f32) -> i1
  "func.return"(%0#0) : (f32) -> ()
}) {function_type = (i1, f32) -> f32, sym_name = "whiles"} : () -> ()

// CHECK-LABEL: "func.func"() ({
// CHECK-NEXT: ^bb0(%arg0: index, %arg1: index, %arg2: index, %arg3: f32, %arg4: i32):
// CHECK-NEXT: "scf.parallel"(%arg0, %arg1, %arg2) ({
// CHECK-NEXT: ^bb0(%arg5: index):
// CHECK-NEXT: "scf.reduce"() : () -> ()
// CHECK-NEXT: }) {operandSegmentSizes = array<i32: 1, 1, 1, 0>} : (index, index, index) -> ()
// CHECK-NEXT: "scf.parallel"(%arg0, %arg0, %arg1, %arg1, %arg2, %arg2) ({
// CHECK-NEXT: ^bb0(%arg5: index, %arg6: index):
// CHECK-NEXT: %2 = "arith.addi"(%arg5, %arg6) : (index, index) -> index
// CHECK-NEXT: "scf.reduce"() : () -> ()
// CHECK-NEXT: }) {foo.tag, operandSegmentSizes = array<i32: 2, 2, 2, 0>} : (index, index, index, index, index, index) -> ()
// CHECK-NEXT: %0:2 = "scf.parallel"(%arg0, %arg1, %arg2, %arg3, %arg4) ({
// CHECK-NEXT: ^bb0(%arg5: index):
// CHECK-NEXT: "scf.reduce"(%arg3, %arg4) ({
// CHECK-NEXT: ^bb0(%arg6: f32, %arg7: f32):
// CHECK-NEXT: %2 = "arith.addf"(%arg6, %arg7) : (f32, f32) -> f32
// CHECK-NEXT: "scf.reduce.return"(%2) : (f32) -> ()
// CHECK-NEXT: }, {
// CHECK-NEXT: ^bb0(%arg6: i32, %arg7: i32):
// CHECK-NEXT: %2 = "arith.addi"(%arg6, %arg7) : (i32, i32) -> i32
// CHECK-NEXT: "scf.reduce.return"(%2) : (i32) -> ()
// CHECK-NEXT: }) : (f32, i32) -> ()
// CHECK-NEXT: }) {operandSegmentSizes = array<i32: 1, 1, 1, 2>} : (index, index, index, f32, i32) -> (f32, i32)
// CHECK-NEXT: %1 = "scf.parallel"(%arg0, %arg1, %arg2, %arg3) ({
// CHECK-NEXT: ^bb0(%arg5: index):
// CHECK-NEXT: "scf.reduce"(%arg3) ({
// CHECK-NEXT: ^bb0(%arg6: f32, %arg7: f32):
// CHECK-NEXT: "scf.reduce.return"(%arg6) : (f32) -> ()
// CHECK-NEXT: }) : (f32) -> ()
// CHECK-NEXT: }) {operandSegmentSizes = array<i32: 1, 1, 1, 1>} : (index, index, index, f32) -> f32
// CHECK-NEXT: "func.return"(%0#0, %0#1) : (f32, i32) -> ()
// CHECK-NEXT: }) {function_type = (index, index, index, f32, i32) -> (f32, i32), sym_name = "parallels"} : () -> ()
// CUSTOM-LABEL: func.func @parallels(%arg0: index, %arg1: index, %arg2: index, %arg3: f32, %arg4: i32) -> (f32, i32) {
// CUSTOM-NEXT: scf.parallel (%arg5) = (%arg0) to (%arg1) step (%arg2) {
// CUSTOM-NEXT: scf.reduce
// CUSTOM-NEXT: }
// CUSTOM-NEXT: scf.parallel (%arg5, %arg6) = (%arg0, %arg0) to (%arg1, %arg1) step (%arg2, %arg2) {
// CUSTOM-NEXT: %2 = arith.addi %arg5, %arg6 : index
// CUSTOM-NEXT: scf.reduce
// CUSTOM-NEXT: } {foo.tag}
// CUSTOM-NEXT: %0:2 = scf.parallel (%arg5) = (%arg0) to (%arg1) step (%arg2) init (%arg3, %arg4) -> (f32, i32) {
// CUSTOM-NEXT: scf.reduce(%arg3, %arg4 : f32, i32) {
// CUSTOM-NEXT: ^bb0(%arg6: f32, %arg7: f32):
// CUSTOM-NEXT: %2 = arith.addf %arg6, %arg7 : f32
// CUSTOM-NEXT: scf.reduce.return %2 : f32
// CUSTOM-NEXT: }, {
// CUSTOM-NEXT: ^bb0(%arg6: i32, %arg7: i32):
// CUSTOM-NEXT: %2 = arith.addi %arg6, %arg7 : i32
// CUSTOM-NEXT: scf.reduce.return %2 : i32
// CUSTOM-NEXT: }
// CUSTOM-NEXT: }
// CUSTOM-NEXT: %1 = scf.parallel (%arg5) = (%arg0) to (%arg1) step (%arg2) init (%arg3) -> f32 {
// CUSTOM-NEXT: scf.reduce(%arg3 : f32) {
// CUSTOM-NEXT: ^bb0(%arg6: f32, %arg7: f32):
// CUSTOM-NEXT: scf.reduce.return %arg6 : f32
// CUSTOM-NEXT: }
// CUSTOM-NEXT: }
// CUSTOM-NEXT: return %0#0, %0#1 : f32, i32
// CUSTOM-NEXT: }
"func.func"() ({
^bb0(%arg0: index, %arg1: index, %arg2: index, %arg3: f32, %arg4: i32):
  "scf.parallel"(%arg0, %arg1, %arg2) ({
  ^bb0(%arg5: index):
    "scf.reduce"() : () -> ()
  }) {operandSegmentSizes = array<i32: 1, 1, 1, 0>} : (index, index, index) -> ()
  "scf.parallel"(%arg0, %arg0, %arg1, %arg1, %arg2, %arg2) ({
  ^bb0(%arg5: index, %arg6: index):
    %2 = "arith.addi"(%arg5, %arg6) : (index, index) -> index
    "scf.reduce"() : () -> ()
  }) {foo.tag, operandSegmentSizes = array<i32: 2, 2, 2, 0>} : (index, index, index, index, index, index) -> ()
  %0:2 = "scf.parallel"(%arg0, %arg1, %arg2, %arg3, %arg4) ({
  ^bb0(%arg5: index):
    "scf.reduce"(%arg3, %arg4) ({
    ^bb0(%arg6: f32, %arg7: f32):
      %2 = "arith.addf"(%arg6, %arg7) : (f32, f32) -> f32
      "scf.reduce.return"(%2) : (f32) -> ()
    }, {
    ^bb0(%arg6: i32, %arg7: i32):
      %2 = "arith.addi"(%arg6, %arg7) : (i32, i32) -> i32
      "scf.reduce.return"(%2) : (i32) -> ()
    }) : (f32, i32) -> ()
  }) {operandSegmentSizes = array<i32: 1, 1, 1, 2>} : (index, index, index, f32, i32) -> (f32, i32)
  %1 = "scf.parallel"(%arg0, %arg1, %arg2, %arg3) ({
  ^bb0(%arg5: index):
    "scf.reduce"(%arg3) ({
    ^bb0(%arg6: f32, %arg7: f32):
      "scf.reduce.return"(%arg6) : (f32) -> ()
    }) : (f32) -> ()
  }) {operandSegmentSizes = array<i32: 1, 1, 1, 1>} : (index, index, index, f32) -> f32
  "func.return"(%0#0, %0#1) : (f32, i32) -> ()
}) {function_type = (index, index, index, f32, i32) -> (f32, i32), sym_name = "parallels"} : () -> ()

// CHECK-LABEL: "func.func"() ({
// CHECK-NEXT: ^bb0(%arg0: index):
// CHECK-NEXT: %0 = "scf.index_switch"(%arg0) ({
// CHECK-NEXT: %1 = "arith.constant"() {value = 30 : i32} : () -> i32
// CHECK-NEXT: "scf.yield"(%1) : (i32) -> ()
// CHECK-NEXT: }, {
// CHECK-NEXT: %1 = "arith.constant"() {value = 10 : i32} : () -> i32
// CHECK-NEXT: "scf.yield"(%1) : (i32) -> ()
// CHECK-NEXT: }, {
// CHECK-NEXT: %1 = "arith.constant"() {value = 20 : i32} : () -> i32
// CHECK-NEXT: "scf.yield"(%1) : (i32) -> ()
// CHECK-NEXT: }) {cases = array<i64: 2, -5>} : (index) -> i32
// CHECK-NEXT: "scf.index_switch"(%arg0) ({
// CHECK-NEXT: "scf.yield"() : () -> ()
// CHECK-NEXT: }, {
// CHECK-NEXT: "scf.yield"() : () -> ()
// CHECK-NEXT: }) {cases = array<i64: 1>} : (index) -> ()
// CHECK-NEXT: "scf.index_switch"(%arg0) ({
// CHECK-NEXT: "scf.yield"() : () -> ()
// CHECK-NEXT: }) {cases = array<i64>, foo.tag} : (index) -> ()
// CHECK-NEXT: "func.return"(%0) : (i32) -> ()
// CHECK-NEXT: }) {function_type = (index) -> i32, sym_name = "switches"} : () -> ()
// CUSTOM-LABEL: func.func @switches(%arg0: index) -> i32 {
// CUSTOM-NEXT: %0 = scf.index_switch %arg0 -> i32
// CUSTOM-NEXT: case 2 {
// CUSTOM-NEXT: %c10_i32 = arith.constant 10 : i32
// CUSTOM-NEXT: scf.yield %c10_i32 : i32
// CUSTOM-NEXT: }
// CUSTOM-NEXT: case -5 {
// CUSTOM-NEXT: %c20_i32 = arith.constant 20 : i32
// CUSTOM-NEXT: scf.yield %c20_i32 : i32
// CUSTOM-NEXT: }
// CUSTOM-NEXT: default {
// CUSTOM-NEXT: %c30_i32 = arith.constant 30 : i32
// CUSTOM-NEXT: scf.yield %c30_i32 : i32
// CUSTOM-NEXT: }
// CUSTOM-NEXT: scf.index_switch %arg0
// CUSTOM-NEXT: case 1 {
// CUSTOM-NEXT: scf.yield
// CUSTOM-NEXT: }
// CUSTOM-NEXT: default {
// CUSTOM-NEXT: }
// CUSTOM-NEXT: scf.index_switch %arg0 {foo.tag}
// CUSTOM-NEXT: default {
// CUSTOM-NEXT: }
// CUSTOM-NEXT: return %0 : i32
// CUSTOM-NEXT: }
"func.func"() ({
^bb0(%arg0: index):
  %0 = "scf.index_switch"(%arg0) ({
    %1 = "arith.constant"() {value = 30 : i32} : () -> i32
    "scf.yield"(%1) : (i32) -> ()
  }, {
    %1 = "arith.constant"() {value = 10 : i32} : () -> i32
    "scf.yield"(%1) : (i32) -> ()
  }, {
    %1 = "arith.constant"() {value = 20 : i32} : () -> i32
    "scf.yield"(%1) : (i32) -> ()
  }) {cases = array<i64: 2, -5>} : (index) -> i32
  "scf.index_switch"(%arg0) ({
    "scf.yield"() : () -> ()
  }, {
    "scf.yield"() : () -> ()
  }) {cases = array<i64: 1>} : (index) -> ()
  "scf.index_switch"(%arg0) ({
    "scf.yield"() : () -> ()
  }) {cases = array<i64>, foo.tag} : (index) -> ()
  "func.return"(%0) : (i32) -> ()
}) {function_type = (index) -> i32, sym_name = "switches"} : () -> ()
