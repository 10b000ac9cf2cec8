// Every cf canonicalization pattern (MLIR 14's, dialects/cf/cf_canon.c),
// one case each; each output is what mlir-opt-14 --canonicalize prints for
// the MLIR 14 spelling of the same input (strata-opt --mlir14).  "test.*"
// ops are opaque effects that keep blocks apart.
// RUN: strata-opt --allow-unregistered-dialect --split-input-file --canonicalize %s | FileCheck %s

// cf.assert of a constant true goes (AssertOp::canonicalize); one on an
// unknown condition stays.
// CHECK-LABEL: func.func @assert_true(%arg0: i1) {
// CHECK-NEXT: cf.assert %arg0, "may fail"
// CHECK-NEXT: return
// CHECK-NEXT: }
func.func @assert_true(%c: i1) {
  %t = arith.constant true
  cf.assert %t, "never fails"
  cf.assert %c, "may fail"
  return
}

// -----

// A block whose only predecessor is a cf.br merges into it, its arguments
// replaced by the operands (SimplifyBrToBlockWithSinglePred).
// CHECK-LABEL: func.func @br_single_pred(%arg0: i32) -> i32 {
// CHECK-NEXT: %0 = arith.addi %arg0, %arg0 : i32
// CHECK-NEXT: %1 = arith.muli %0, %0 : i32
// CHECK-NEXT: return %1 : i32
// CHECK-NEXT: }
func.func @br_single_pred(%x: i32) -> i32 {
  %0 = arith.addi %x, %x : i32
  cf.br ^bb1(%0 : i32)
^bb1(%a: i32):
  %1 = arith.muli %a, %a : i32
  return %1 : i32
}

// -----

// A block with two predecessors that only branches on is bypassed, its
// argument read through (SimplifyPassThroughBr); it then has no predecessor
// and goes.  The argument that always receives %x stays, as in MLIR 14.
// CHECK-LABEL: func.func @br_pass_through(%arg0: i1, %arg1: i32, %arg2: i32) -> i32 {
// CHECK-NEXT: cf.cond_br %arg0, ^bb1, ^bb2
// CHECK-NEXT: ^bb1:
// CHECK-NEXT: "test.a"(%arg1) : (i32) -> ()
// CHECK-NEXT: cf.br ^bb3(%arg1, %arg1 : i32, i32)
// CHECK-NEXT: ^bb2:
// CHECK-NEXT: "test.b"(%arg2) : (i32) -> ()
// CHECK-NEXT: cf.br ^bb3(%arg2, %arg1 : i32, i32)
// CHECK-NEXT: ^bb3(%0: i32, %1: i32):
// CHECK-NEXT: "test.use"(%0, %1) : (i32, i32) -> ()
// CHECK-NEXT: return %0 : i32
// CHECK-NEXT: }
func.func @br_pass_through(%c: i1, %x: i32, %y: i32) -> i32 {
  cf.cond_br %c, ^bb1, ^bb2
^bb1:
  "test.a"(%x) : (i32) -> ()
  cf.br ^bb3(%x : i32)
^bb2:
  "test.b"(%y) : (i32) -> ()
  cf.br ^bb3(%y : i32)
^bb3(%a: i32):
  cf.br ^bb4(%a, %x : i32, i32)
^bb4(%b: i32, %d: i32):
  "test.use"(%b, %d) : (i32, i32) -> ()
  return %b : i32
}

// -----

// A block that branches to itself is not a pass-through: the loop stays.
// CHECK-LABEL: func.func @br_infinite_loop_kept() {
// CHECK-NEXT: "test.use"() : () -> ()
// CHECK-NEXT: "test.use"() : () -> ()
// CHECK-NEXT: cf.br ^bb1
// CHECK-NEXT: ^bb1:
// CHECK-NEXT: cf.br ^bb1
// CHECK-NEXT: }
func.func @br_infinite_loop_kept() {
  "test.use"() : () -> ()
  cf.br ^bb1
^bb1:
  "test.use"() : () -> ()
  cf.br ^bb2
^bb2:
  cf.br ^bb2
}

// -----

// cf.cond_br on a constant takes that edge (SimplifyConstCondBranchPred),
// true and false.
// CHECK-LABEL: func.func @cond_br_const(%arg0: i32, %arg1: i32) {
// CHECK-NEXT: "test.use"(%arg0) : (i32) -> ()
// CHECK-NEXT: "test.use"(%arg0) : (i32) -> ()
// CHECK-NEXT: "test.use"(%arg1) : (i32) -> ()
// CHECK-NEXT: return
// CHECK-NEXT: }
func.func @cond_br_const(%x: i32, %y: i32) {
  %t = arith.constant true
  %f = arith.constant false
  "test.use"(%x) : (i32) -> ()
  cf.cond_br %t, ^bb1(%x : i32), ^bb2(%y : i32)
^bb1(%a: i32):
  "test.use"(%a) : (i32) -> ()
  cf.cond_br %f, ^bb2(%a : i32), ^bb3
^bb2(%b: i32):
  "test.use"(%b) : (i32) -> ()
  return
^bb3:
  "test.use"(%y) : (i32) -> ()
  return
}

// -----

// A cond_br edge to a block that only branches on goes straight on, the
// block argument read through (SimplifyPassThroughCondBranch).
// CHECK-LABEL: func.func @cond_br_pass_through(%arg0: i1, %arg1: i32, %arg2: i32) {
// CHECK-NEXT: cf.cond_br %arg0, ^bb2(%arg2, %arg1 : i32, i32), ^bb1
// CHECK-NEXT: ^bb1:
// CHECK-NEXT: "test.use"(%arg2) : (i32) -> ()
// CHECK-NEXT: return
// CHECK-NEXT: ^bb2(%0: i32, %1: i32):
// CHECK-NEXT: "test.use"(%0, %1) : (i32, i32) -> ()
// CHECK-NEXT: return
// CHECK-NEXT: }
func.func @cond_br_pass_through(%c: i1, %x: i32, %y: i32) {
  cf.cond_br %c, ^bb1(%x : i32), ^bb2
^bb1(%a: i32):
  cf.br ^bb3(%y, %a : i32, i32)
^bb2:
  "test.use"(%y) : (i32) -> ()
  return
^bb3(%p: i32, %q: i32):
  "test.use"(%p, %q) : (i32, i32) -> ()
  return
}

// -----

// Both edges to one block with the same operands: a cf.br
// (SimplifyCondBranchIdenticalSuccessors), which then merges.
// CHECK-LABEL: func.func @cond_br_same_dest_same_operands(%arg0: i1, %arg1: i32) {
// CHECK-NEXT: "test.use"(%arg1) : (i32) -> ()
// CHECK-NEXT: "test.use"(%arg1) : (i32) -> ()
// CHECK-NEXT: return
// CHECK-NEXT: }
func.func @cond_br_same_dest_same_operands(%c: i1, %x: i32) {
  "test.use"(%x) : (i32) -> ()
  cf.cond_br %c, ^bb1(%x : i32), ^bb1(%x : i32)
^bb1(%a: i32):
  "test.use"(%a) : (i32) -> ()
  return
}

// -----

// Both edges to one block with different operands: an arith.select of
// those that differ (SimplifyCondBranchIdenticalSuccessors).
// CHECK-LABEL: func.func @cond_br_same_dest_select(%arg0: i1, %arg1: i32, %arg2: i32) {
// CHECK-NEXT: "test.use"(%arg1) : (i32) -> ()
// CHECK-NEXT: %0 = arith.select %arg0, %arg1, %arg2 : i32
// CHECK-NEXT: "test.use"(%0, %arg1) : (i32, i32) -> ()
// CHECK-NEXT: return
// CHECK-NEXT: }
func.func @cond_br_same_dest_select(%c: i1, %x: i32, %y: i32) {
  "test.use"(%x) : (i32) -> ()
  cf.cond_br %c, ^bb1(%x, %x : i32, i32), ^bb1(%y, %x : i32, i32)
^bb1(%a: i32, %b: i32):
  "test.use"(%a, %b) : (i32, i32) -> ()
  return
}

// -----

// No select when another block also branches to the destination.
// CHECK-LABEL: func.func @cond_br_same_dest_other_pred_kept(%arg0: i1, %arg1: i1, %arg2: i32, %arg3: i32) {
// CHECK-NEXT: cf.cond_br %arg1, ^bb1, ^bb2(%arg3 : i32)
// CHECK-NEXT: ^bb1:
// CHECK-NEXT: "test.use"(%arg2) : (i32) -> ()
// CHECK-NEXT: cf.cond_br %arg0, ^bb2(%arg2 : i32), ^bb2(%arg3 : i32)
// CHECK-NEXT: ^bb2(%0: i32):
// CHECK-NEXT: "test.use"(%0) : (i32) -> ()
// CHECK-NEXT: return
// CHECK-NEXT: }
func.func @cond_br_same_dest_other_pred_kept(%c: i1, %d: i1, %x: i32, %y: i32) {
  cf.cond_br %d, ^bb1, ^bb2(%y : i32)
^bb1:
  "test.use"(%x) : (i32) -> ()
  cf.cond_br %c, ^bb2(%x : i32), ^bb2(%y : i32)
^bb2(%a: i32):
  "test.use"(%a) : (i32) -> ()
  return
}

// -----

// A cond_br on %c in a block entered only along an edge of a cond_br on %c
// knows its outcome (SimplifyCondBranchFromCondBranchOnSameCondition).
// CHECK-LABEL: func.func @cond_br_same_cond(%arg0: i1, %arg1: i32, %arg2: i32) {
// CHECK-NEXT: cf.cond_br %arg0, ^bb1, ^bb2
// CHECK-NEXT: ^bb1:
// CHECK-NEXT: "test.use"(%arg1) : (i32) -> ()
// CHECK-NEXT: "test.use"(%arg1) : (i32) -> ()
// CHECK-NEXT: return
// CHECK-NEXT: ^bb2:
// CHECK-NEXT: "test.use"(%arg2) : (i32) -> ()
// CHECK-NEXT: return
// CHECK-NEXT: }
func.func @cond_br_same_cond(%c: i1, %x: i32, %y: i32) {
  cf.cond_br %c, ^bb1, ^bb2
^bb1:
  "test.use"(%x) : (i32) -> ()
  cf.cond_br %c, ^bb3(%x : i32), ^bb4
^bb2:
  "test.use"(%y) : (i32) -> ()
  cf.cond_br %c, ^bb3(%y : i32), ^bb4
^bb3(%a: i32):
  "test.use"(%a) : (i32) -> ()
  return
^bb4:
  return
}

// -----

// In a successor entered only from the cond_br, ops directly in it read the
// condition as a constant (CondBranchTruthPropagation); ops nested in a
// region of one of them do not.
// CHECK-LABEL: func.func @cond_br_truth(%arg0: i1, %arg1: i32) {
// CHECK-NEXT: %false = arith.constant false
// CHECK-NEXT: %true = arith.constant true
// CHECK-NEXT: cf.cond_br %arg0, ^bb1, ^bb2
// CHECK-NEXT: ^bb1:
// CHECK-NEXT: "test.use"(%true) : (i1) -> ()
// CHECK-NEXT: "test.region"() ({
// CHECK-NEXT: "test.use"(%arg0) : (i1) -> ()
// CHECK-NEXT: "test.end"() : () -> ()
// CHECK-NEXT: }) : () -> ()
// CHECK-NEXT: return
// CHECK-NEXT: ^bb2:
// CHECK-NEXT: "test.use"(%false, %false) : (i1, i1) -> ()
// CHECK-NEXT: "test.use"(%false) : (i1) -> ()
// CHECK-NEXT: return
// CHECK-NEXT: }
func.func @cond_br_truth(%c: i1, %x: i32) {
  cf.cond_br %c, ^bb1, ^bb2
^bb1:
  "test.use"(%c) : (i1) -> ()
  "test.region"() ({
    "test.use"(%c) : (i1) -> ()
    "test.end"() : () -> ()
  }) : () -> ()
  return
^bb2:
  "test.use"(%c, %c) : (i1, i1) -> ()
  cf.br ^bb3
^bb3:
  "test.use"(%c) : (i1) -> ()
  return
}

// -----

// A switch with only a default destination is a cf.br
// (SimplifySwitchWithOnlyDefault).
// CHECK-LABEL: func.func @switch_only_default(%arg0: i32, %arg1: i32) {
// CHECK-NEXT: "test.use"(%arg1) : (i32) -> ()
// CHECK-NEXT: "test.use"(%arg1) : (i32) -> ()
// CHECK-NEXT: return
// CHECK-NEXT: }
func.func @switch_only_default(%f: i32, %x: i32) {
  "test.use"(%x) : (i32) -> ()
  cf.switch %f : i32, [
    default: ^bb1(%x : i32)
  ]
^bb1(%a: i32):
  "test.use"(%a) : (i32) -> ()
  return
}

// -----

// Cases that go where the default goes, with the same operands, are
// dropped (DropSwitchCasesThatMatchDefault).
// CHECK-LABEL: func.func @switch_drop_default_cases(%arg0: i32, %arg1: i32, %arg2: i32) {
// CHECK-NEXT: cf.switch %arg0 : i32, [
// CHECK-NEXT: default: ^bb1(%arg1 : i32),
// CHECK-NEXT: 2: ^bb1(%arg2 : i32),
// CHECK-NEXT: 3: ^bb2
// CHECK-NEXT: ]
// CHECK-NEXT: ^bb1(%0: i32):
// CHECK-NEXT: "test.use"(%0) : (i32) -> ()
// CHECK-NEXT: return
// CHECK-NEXT: ^bb2:
// CHECK-NEXT: "test.use"() : () -> ()
// CHECK-NEXT: return
// CHECK-NEXT: }
func.func @switch_drop_default_cases(%f: i32, %x: i32, %y: i32) {
  cf.switch %f : i32, [
    default: ^bb1(%x : i32),
    1: ^bb1(%x : i32),
    2: ^bb1(%y : i32),
    3: ^bb2,
    4: ^bb1(%x : i32)
  ]
^bb1(%a: i32):
  "test.use"(%a) : (i32) -> ()
  return
^bb2:
  "test.use"() : () -> ()
  return
}

// -----

// A switch on a constant takes the matching case, or the default
// (SimplifyConstSwitchValue).
// CHECK-LABEL: func.func @switch_const(%arg0: i32, %arg1: i32, %arg2: i32) {
// CHECK-NEXT: "test.use"(%arg0) : (i32) -> ()
// CHECK-NEXT: "test.use"(%arg2) : (i32) -> ()
// CHECK-NEXT: "test.use"(%arg1) : (i32) -> ()
// CHECK-NEXT: return
// CHECK-NEXT: }
func.func @switch_const(%x: i32, %y: i32, %z: i32) {
  %c2 = arith.constant 2 : i32
  %c7 = arith.constant 7 : i32
  "test.use"(%x) : (i32) -> ()
  cf.switch %c2 : i32, [
    default: ^bb1(%x : i32),
    1: ^bb1(%y : i32),
    2: ^bb2(%z : i32)
  ]
^bb1(%a: i32):
  "test.use"(%a) : (i32) -> ()
  return
^bb2(%b: i32):
  "test.use"(%b) : (i32) -> ()
  cf.switch %c7 : i32, [
    default: ^bb1(%y : i32),
    1: ^bb1(%z : i32)
  ]
}

// -----

// Case values compare at the flag's width: -1 : i8 matches case 255.
// CHECK-LABEL: func.func @switch_const_negative(%arg0: i8, %arg1: i8) {
// CHECK-NEXT: "test.use"(%arg0) : (i8) -> ()
// CHECK-NEXT: "test.use"(%arg1) : (i8) -> ()
// CHECK-NEXT: return
// CHECK-NEXT: }
func.func @switch_const_negative(%x: i8, %y: i8) {
  %m1 = arith.constant -1 : i8
  "test.use"(%x) : (i8) -> ()
  cf.switch %m1 : i8, [
    default: ^bb1(%x : i8),
    255: ^bb1(%y : i8)
  ]
^bb1(%a: i8):
  "test.use"(%a) : (i8) -> ()
  return
}

// -----

// Switch edges to blocks that only branch on go straight on
// (SimplifyPassThroughSwitch).
// CHECK-LABEL: func.func @switch_pass_through(%arg0: i32, %arg1: i32, %arg2: i32) {
// CHECK-NEXT: cf.switch %arg0 : i32, [
// CHECK-NEXT: default: ^bb2(%arg1 : i32),
// CHECK-NEXT: 1: ^bb2(%arg2 : i32),
// CHECK-NEXT: 2: ^bb1
// CHECK-NEXT: ]
// CHECK-NEXT: ^bb1:
// CHECK-NEXT: "test.use"() : () -> ()
// CHECK-NEXT: return
// CHECK-NEXT: ^bb2(%0: i32):
// CHECK-NEXT: "test.use"(%0) : (i32) -> ()
// CHECK-NEXT: return
// CHECK-NEXT: }
func.func @switch_pass_through(%f: i32, %x: i32, %y: i32) {
  cf.switch %f : i32, [
    default: ^bb1(%x : i32),
    1: ^bb2,
    2: ^bb3
  ]
^bb1(%a: i32):
  cf.br ^bb4(%a : i32)
^bb2:
  cf.br ^bb4(%y : i32)
^bb3:
  "test.use"() : () -> ()
  return
^bb4(%b: i32):
  "test.use"(%b) : (i32) -> ()
  return
}

// -----

// A switch on %f in a block entered only through a case of a switch on %f
// knows the flag (SimplifySwitchFromSwitchOnSameCondition); the two
// blocks are then identical but for operands and merge.
// CHECK-LABEL: func.func @switch_same_flag_case(%arg0: i32, %arg1: i32, %arg2: i32) {
// CHECK-NEXT: cf.switch %arg0 : i32, [
// CHECK-NEXT: default: ^bb1,
// CHECK-NEXT: 1: ^bb2(%arg1, %arg2 : i32, i32),
// CHECK-NEXT: 2: ^bb2(%arg2, %arg1 : i32, i32)
// CHECK-NEXT: ]
// CHECK-NEXT: ^bb1:
// CHECK-NEXT: "test.use"() : () -> ()
// CHECK-NEXT: return
// CHECK-NEXT: ^bb2(%0: i32, %1: i32):
// CHECK-NEXT: "test.use"(%0) : (i32) -> ()
// CHECK-NEXT: "test.use"(%1) : (i32) -> ()
// CHECK-NEXT: return
// CHECK-NEXT: }
func.func @switch_same_flag_case(%f: i32, %x: i32, %y: i32) {
  cf.switch %f : i32, [
    default: ^bb1,
    1: ^bb2,
    2: ^bb3
  ]
^bb1:
  "test.use"() : () -> ()
  return
^bb2:
  "test.use"(%x) : (i32) -> ()
  cf.switch %f : i32, [
    default: ^bb4(%x : i32),
    1: ^bb4(%y : i32)
  ]
^bb3:
  "test.use"(%y) : (i32) -> ()
  cf.switch %f : i32, [
    default: ^bb4(%x : i32),
    1: ^bb4(%y : i32)
  ]
^bb4(%a: i32):
  "test.use"(%a) : (i32) -> ()
  return
}

// -----

// Entered through the default of a switch on %f, the cases that switch
// sends elsewhere cannot happen (SimplifySwitchFromDefaultSwitchOnSameCondition);
// case 2 of the first switch went first, as it matches the default.
// CHECK-LABEL: func.func @switch_same_flag_default(%arg0: i32, %arg1: i32, %arg2: i32) {
// CHECK-NEXT: cf.switch %arg0 : i32, [
// CHECK-NEXT: default: ^bb1,
// CHECK-NEXT: 1: ^bb2
// CHECK-NEXT: ]
// CHECK-NEXT: ^bb1:
// CHECK-NEXT: "test.use"(%arg1) : (i32) -> ()
// CHECK-NEXT: cf.switch %arg0 : i32, [
// CHECK-NEXT: default: ^bb2,
// CHECK-NEXT: 2: ^bb3(%arg2 : i32)
// CHECK-NEXT: ]
// CHECK-NEXT: ^bb2:
// CHECK-NEXT: "test.use"() : () -> ()
// CHECK-NEXT: return
// CHECK-NEXT: ^bb3(%0: i32):
// CHECK-NEXT: "test.use"(%0) : (i32) -> ()
// CHECK-NEXT: return
// CHECK-NEXT: }
func.func @switch_same_flag_default(%f: i32, %x: i32, %y: i32) {
  cf.switch %f : i32, [
    default: ^bb1,
    1: ^bb2,
    2: ^bb1
  ]
^bb1:
  "test.use"(%x) : (i32) -> ()
  cf.switch %f : i32, [
    default: ^bb3,
    1: ^bb4(%x : i32),
    2: ^bb4(%y : i32),
    3: ^bb3
  ]
^bb2:
  "test.use"() : () -> ()
  return
^bb3:
  "test.use"() : () -> ()
  return
^bb4(%a: i32):
  "test.use"(%a) : (i32) -> ()
  return
}

// -----

// An edge into a cycle of blocks that only branch on is not collapsed:
// MLIR 14 moves it around the cycle forever (mlir-opt-14 never returns on
// this function).  The cycle itself becomes a self-loop by the block merge.
// CHECK-LABEL: func.func @pass_through_cycle(%arg0: i1) {
// CHECK-NEXT: cf.cond_br %arg0, ^bb1, ^bb2
// CHECK-NEXT: ^bb1:
// CHECK-NEXT: cf.br ^bb1
// CHECK-NEXT: ^bb2:
// CHECK-NEXT: return
// CHECK-NEXT: }
func.func @pass_through_cycle(%c: i1) {
  cf.cond_br %c, ^bb1, ^bb3
^bb1:
  cf.br ^bb2
^bb2:
  cf.br ^bb1
^bb3:
  return
}

// -----

// A cf.br inside such a cycle collapses up to its own block, as in MLIR 14:
// a self-loop that ends the cycle.
// CHECK-LABEL: func.func @pass_through_cycle_own_block(%arg0: i1, %arg1: i1) {
// CHECK-NEXT: cf.cond_br %arg0, ^bb2, ^bb3
// CHECK-NEXT: ^bb1:
// CHECK-NEXT: cf.br ^bb1
// CHECK-NEXT: ^bb2:
// CHECK-NEXT: "test.use"() : () -> ()
// CHECK-NEXT: cf.br ^bb1
// CHECK-NEXT: ^bb3:
// CHECK-NEXT: return
// CHECK-NEXT: }
func.func @pass_through_cycle_own_block(%c: i1, %d: i1) {
  cf.cond_br %c, ^bb3, ^bb4
^bb1:
  cf.br ^bb2
^bb2:
  cf.br ^bb1
^bb3:
  "test.use"() : () -> ()
  cf.cond_br %d, ^bb1, ^bb2
^bb4:
  return
}
