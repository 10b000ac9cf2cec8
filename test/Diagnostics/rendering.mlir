// RUN: not strata-opt %s --split-input-file --allow-unregistered-dialect 2>&1 \
// RUN:   | FileCheck %s --strict-whitespace --match-full-lines
// How errors look on stderr without --verify-diagnostics: `file:line:col:
// error: message`, the source line, a caret under the column, then the notes
// the same way. Every chunk of the split input reports its own error, and the
// run exits non-zero.

"foo.op"() {a = 1 ; 2} : () -> ()
// CHECK:{{.*}}rendering.mlir:[[@LINE-1]]:19: error: unexpected character ';'
// CHECK-NEXT:"foo.op"() {a = 1 ; 2} : () -> ()
// CHECK-NEXT:                  ^

// -----

// A tab before the column stays a tab under it.
func.func @f() {
	%0 = "foo.op"() {a = 1 : i8, b = 300 : i8} : () -> i32
	return
}
// CHECK-NEXT:{{.*}}rendering.mlir:[[@LINE-3]]:35: error: integer constant out of range for attribute
// CHECK-NEXT:	%0 = "foo.op"() {a = 1 : i8, b = 300 : i8} : () -> i32
// CHECK-NEXT:	                                 ^

// -----

// A verifier error and its note, each with its line and caret (an op is
// located at its name).
func.func @g(%arg0: i32) {
  %0 = "foo.op"(%1) : (i32) -> i32
  %1 = "foo.op"(%arg0) : (i32) -> i32
  return
}
// CHECK-NEXT:{{.*}}rendering.mlir:[[@LINE-4]]:8: error: operand #0 does not dominate this use
// CHECK-NEXT:  %0 = "foo.op"(%1) : (i32) -> i32
// CHECK-NEXT:       ^
// CHECK-NEXT:{{.*}}rendering.mlir:[[@LINE-6]]:8: note: operand defined here (op in the same block)
// CHECK-NEXT:  %1 = "foo.op"(%arg0) : (i32) -> i32
// CHECK-NEXT:       ^

// -----

// A note on an earlier line.
func.func private @dup()

func.func private @dup()
// CHECK-NEXT:{{.*}}rendering.mlir:[[@LINE-1]]:1: error: 'func.func' op redefinition of symbol named 'dup'
// CHECK-NEXT:func.func private @dup()
// CHECK-NEXT:^
// CHECK-NEXT:{{.*}}rendering.mlir:[[@LINE-6]]:1: note: see existing symbol definition here
// CHECK-NEXT:func.func private @dup()
// CHECK-NEXT:^

// -----

// Locations written in the input: a file that is not loaded has no source
// line to show; an unknown location has no position at all; a call site
// shows its callee, then where it was called from.
"func.return"() : () -> () loc("elsewhere.mlir":12:5)
// CHECK-NEXT:elsewhere.mlir:12:5: error: 'func.return' op expects parent op 'func.func'

// -----

"func.return"() : () -> () loc(unknown)
// CHECK-NEXT:<unknown>:0: error: 'func.return' op expects parent op 'func.func'

// -----

"func.return"() : () -> () loc(callsite("inner.mlir":1:2 at callsite("mid.mlir":5:6 at "outer.mlir":3:4)))
// CHECK-NEXT:inner.mlir:1:2: error: 'func.return' op expects parent op 'func.func'
// CHECK-NEXT:mid.mlir:5:6: note: called from
// CHECK-NEXT:outer.mlir:3:4: note: called from

// -----

// The end of the input: the (empty) line after the last newline.
// CHECK-NEXT:{{.*}}rendering.mlir:[[@LINE+4]]:1: error: expected ')'
// CHECK-EMPTY:
// CHECK-NEXT:^
"foo.op"() : () -> (i32
