// Round trip of every cf op in its custom form: cf.br and cf.cond_br with
// and without successor operands (the same target twice, too), cf.switch
// (default only, cases with operands, case values written as MLIR writes
// them: unsigned, at the flag's width), cf.assert; loops and unreachable
// blocks with their predecessor comments.  The first print is checked line
// by line; fixed-point.sh checks that printing it again gives the same text,
// in custom and generic form.
// RUN: strata-opt %s | FileCheck %s
// RUN: bash %S/../../IR/Inputs/fixed-point.sh strata-opt %s %t

// CHECK-LABEL: func.func @br(%arg0: i32, %arg1: f32) {
// CHECK-NEXT: cf.br ^bb1
// CHECK-NEXT: ^bb1:  // pred: ^bb0
// CHECK-NEXT: cf.br ^bb2(%arg0, %arg1 : i32, f32)
// CHECK-NEXT: ^bb2(%0: i32, %1: f32):  // pred: ^bb1
// CHECK-NEXT: cf.br ^bb3(%0 : i32) {foo.tag}
// CHECK-NEXT: ^bb3(%2: i32):  // pred: ^bb2
// CHECK-NEXT: return
// CHECK-NEXT: }
func.func @br(%a: i32, %b: f32) {
  cf.br ^next
^next:
  cf.br ^args(%a, %b : i32, f32)
^args(%x: i32, %y: f32):
  cf.br ^attr(%x : i32) {foo.tag}
^attr(%z: i32):
  return
}

// CHECK-LABEL: func.func @cond_br(%arg0: i1, %arg1: i32, %arg2: i64, %arg3: i32) {
// CHECK-NEXT: cf.cond_br %arg0, ^bb1(%arg1 : i32), ^bb2(%arg1, %arg2 : i32, i64)
// CHECK-NEXT: ^bb1(%0: i32):  // pred: ^bb0
// CHECK-NEXT: cf.cond_br %arg0, ^bb2(%0, %arg2 : i32, i64), ^bb3
// CHECK-NEXT: ^bb2(%1: i32, %2: i64):  // 2 preds: ^bb0, ^bb1
// CHECK-NEXT: cf.cond_br %arg0, ^bb3, ^bb3
// CHECK-NEXT: ^bb3:  // 3 preds: ^bb1, ^bb2, ^bb2
// CHECK-NEXT: cf.cond_br %arg0, ^bb4(%arg1 : i32), ^bb4(%arg3 : i32) {foo.tag}
// CHECK-NEXT: ^bb4(%3: i32):  // 2 preds: ^bb3, ^bb3
// CHECK-NEXT: cf.cond_br %arg0, ^bb5, ^bb6(%3 : i32)
// CHECK-NEXT: ^bb5:  // pred: ^bb4
// CHECK-NEXT: return
// CHECK-NEXT: ^bb6(%4: i32):  // pred: ^bb4
// CHECK-NEXT: return
// CHECK-NEXT: }
func.func @cond_br(%c: i1, %a: i32, %b: i64, %d: i32) {
  cf.cond_br %c, ^t(%a : i32), ^both(%a, %b : i32, i64)
^t(%x: i32):
  cf.cond_br %c, ^both(%x, %b : i32, i64), ^none
^both(%y: i32, %z: i64):
  cf.cond_br %c, ^none, ^none
^none:
  cf.cond_br %c, ^same(%a : i32), ^same(%d : i32) {foo.tag}
^same(%w: i32):
  cf.cond_br %c, ^exit1, ^exit2(%w : i32)
^exit1:
  return
^exit2(%v: i32):
  return
}

// A switch with only a default prints `]` on the default's line, as MLIR.
// CHECK-LABEL: func.func @switch(%arg0: i32, %arg1: i64) {
// CHECK-NEXT: cf.switch %arg0 : i32, [
// CHECK-NEXT: default: ^bb1]
// CHECK-NEXT: ^bb1:  // 2 preds: ^bb0, ^bb1
// CHECK-NEXT: cf.switch %arg0 : i32, [
// CHECK-NEXT: default: ^bb2(%arg1 : i64),
// CHECK-NEXT: 0: ^bb1,
// CHECK-NEXT: 42: ^bb3(%arg1, %arg0 : i64, i32),
// CHECK-NEXT: 7: ^bb2(%arg1 : i64)
// CHECK-NEXT: ]
// CHECK-NEXT: ^bb2(%0: i64):  // 2 preds: ^bb1, ^bb1
// CHECK-NEXT: cf.switch %arg0 : i32, [
// CHECK-NEXT: default: ^bb3(%0, %arg0 : i64, i32)] {foo.tag}
// CHECK-NEXT: ^bb3(%1: i64, %2: i32):  // 2 preds: ^bb1, ^bb2
// CHECK-NEXT: return
// CHECK-NEXT: }
func.func @switch(%f: i32, %a: i64) {
  cf.switch %f : i32, [
    default: ^bb1
  ]
^bb1:
  cf.switch %f : i32, [
    default: ^bb2(%a : i64),
    0: ^bb1,
    42: ^bb3(%a, %f : i64, i32),
    7: ^bb2(%a : i64)
  ]
^bb2(%x: i64):
  cf.switch %f : i32, [default: ^bb3(%x, %f : i64, i32)] {foo.tag}
^bb3(%y: i64, %z: i32):
  return
}

// Case values: MLIR writes them unsigned at the flag's width and reads
// either spelling.
// CHECK-LABEL: func.func @switch_values(%arg0: i1, %arg1: i8, %arg2: i32, %arg3: i64) {
// CHECK-NEXT: cf.switch %arg0 : i1, [
// CHECK-NEXT: default: ^bb1,
// CHECK-NEXT: 0: ^bb1,
// CHECK-NEXT: 1: ^bb1
// CHECK-NEXT: ]
// CHECK-NEXT: ^bb1:  // 3 preds: ^bb0, ^bb0, ^bb0
// CHECK-NEXT: cf.switch %arg1 : i8, [
// CHECK-NEXT: default: ^bb2,
// CHECK-NEXT: 128: ^bb2,
// CHECK-NEXT: 255: ^bb2,
// CHECK-NEXT: 127: ^bb2,
// CHECK-NEXT: 200: ^bb2
// CHECK-NEXT: ]
// CHECK-NEXT: ^bb2:  // 5 preds: ^bb1, ^bb1, ^bb1, ^bb1, ^bb1
// CHECK-NEXT: cf.switch %arg2 : i32, [
// CHECK-NEXT: default: ^bb3,
// CHECK-NEXT: 4294967289: ^bb3,
// CHECK-NEXT: 2147483648: ^bb3,
// CHECK-NEXT: 2147483647: ^bb3
// CHECK-NEXT: ]
// CHECK-NEXT: ^bb3:  // 4 preds: ^bb2, ^bb2, ^bb2, ^bb2
// CHECK-NEXT: cf.switch %arg3 : i64, [
// CHECK-NEXT: default: ^bb4,
// CHECK-NEXT: 18446744073709551615: ^bb4,
// CHECK-NEXT: 9223372036854775808: ^bb4,
// CHECK-NEXT: 9223372036854775807: ^bb4,
// CHECK-NEXT: 18446744073709551614: ^bb4
// CHECK-NEXT: ]
// CHECK-NEXT: ^bb4:  // 5 preds: ^bb3, ^bb3, ^bb3, ^bb3, ^bb3
// CHECK-NEXT: return
// CHECK-NEXT: }
func.func @switch_values(%b: i1, %c: i8, %i: i32, %l: i64) {
  cf.switch %b : i1, [default: ^bb1, 0: ^bb1, -1: ^bb1]
^bb1:
  cf.switch %c : i8, [default: ^bb2, -128: ^bb2, -1: ^bb2, 127: ^bb2, 200: ^bb2]
^bb2:
  cf.switch %i : i32, [default: ^bb3, -7: ^bb3, -2147483648: ^bb3, 2147483647: ^bb3]
^bb3:
  cf.switch %l : i64, [default: ^bb4, -1: ^bb4, -9223372036854775808: ^bb4, 9223372036854775807: ^bb4, 18446744073709551614: ^bb4]
^bb4:
  return
}

// An i0 flag has one value.
// CHECK-LABEL: func.func @switch_i0(%arg0: i0) {
// CHECK-NEXT: cf.switch %arg0 : i0, [
// CHECK-NEXT: default: ^bb1,
// CHECK-NEXT: 0: ^bb1
// CHECK-NEXT: ]
func.func @switch_i0(%z: i0) {
  cf.switch %z : i0, [default: ^bb1, 0: ^bb1]
^bb1:
  return
}

// CHECK-LABEL: func.func @assert(%arg0: i1) {
// CHECK-NEXT: cf.assert %arg0, "boom"
// CHECK-NEXT: cf.assert %arg0, "quote \22 backslash {{\\\\}} newline \0A"
// CHECK-NEXT: cf.assert %arg0, "" {foo.tag = 1 : i64}
// CHECK-NEXT: return
// CHECK-NEXT: }
func.func @assert(%c: i1) {
  cf.assert %c, "boom"
  cf.assert %c, "quote \" backslash \\ newline \n"
  cf.assert %c, "" {foo.tag = 1}
  return
}

// A loop, a block branching to itself, and blocks nothing reaches.
// CHECK-LABEL: func.func @loop(%arg0: i32) -> i32 {
// CHECK-NEXT: %c0_i32 = arith.constant 0 : i32
// CHECK-NEXT: cf.br ^bb1(%c0_i32 : i32)
// CHECK-NEXT: ^bb1(%0: i32):  // 2 preds: ^bb0, ^bb2
// CHECK-NEXT: %1 = arith.cmpi slt, %0, %arg0 : i32
// CHECK-NEXT: cf.cond_br %1, ^bb2, ^bb3
// CHECK-NEXT: ^bb2:  // pred: ^bb1
// CHECK-NEXT: %c1_i32 = arith.constant 1 : i32
// CHECK-NEXT: %2 = arith.addi %0, %c1_i32 : i32
// CHECK-NEXT: cf.br ^bb1(%2 : i32)
// CHECK-NEXT: ^bb3:  // pred: ^bb1
// CHECK-NEXT: return %0 : i32
// CHECK-NEXT: ^bb4:  // 2 preds: ^bb4, ^bb5
// CHECK-NEXT: cf.br ^bb4
// CHECK-NEXT: ^bb5:  // no predecessors
// CHECK-NEXT: cf.br ^bb4
// CHECK-NEXT: ^bb6(%3: i32):  // no predecessors
// CHECK-NEXT: return %3 : i32
// CHECK-NEXT: }
func.func @loop(%n: i32) -> i32 {
  %c0 = arith.constant 0 : i32
  cf.br ^header(%c0 : i32)
^header(%i: i32):
  %c = arith.cmpi slt, %i, %n : i32
  cf.cond_br %c, ^body, ^exit
^body:
  %c1 = arith.constant 1 : i32
  %next = arith.addi %i, %c1 : i32
  cf.br ^header(%next : i32)
^exit:
  return %i : i32
^self:
  cf.br ^self
^dead:
  cf.br ^self
^dead_args(%d: i32):
  return %d : i32
}

// Forward references to values defined in later blocks (dominance allows it
// when the definition dominates the use).
// CHECK-LABEL: func.func @forward(%arg0: i1) {
// CHECK-NEXT: cf.br ^bb2
// CHECK-NEXT: ^bb1:  // pred: ^bb2
// CHECK-NEXT: cf.assert %0, "fwd"
// CHECK-NEXT: return
// CHECK-NEXT: ^bb2:  // pred: ^bb0
// CHECK-NEXT: %0 = arith.xori %arg0, %arg0 : i1
// CHECK-NEXT: cf.br ^bb1
// CHECK-NEXT: }
func.func @forward(%c: i1) {
  cf.br ^def
^use:
  cf.assert %v, "fwd"
  return
^def:
  %v = arith.xori %c, %c : i1
  cf.br ^use
}
