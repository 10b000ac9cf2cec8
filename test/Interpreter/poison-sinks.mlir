// Poison reaching a branch condition, a switch flag, an assertion, a call
// argument or a called function value is undefined behaviour: the run stops
// at the op that uses it.  (%p is poison: a shift by the width.)
// RUN: not strata-run %s --entry=cond --arg=i32:1 2>&1 | FileCheck %s --check-prefix=COND
// RUN: not strata-run %s --entry=flag --arg=i32:1 2>&1 | FileCheck %s --check-prefix=FLAG
// RUN: not strata-run %s --entry=assert --arg=i32:1 2>&1 | FileCheck %s --check-prefix=ASSERT
// RUN: not strata-run %s --entry=call --arg=i32:1 2>&1 | FileCheck %s --check-prefix=CALL
// RUN: not strata-run %s --entry=callee --arg=i32:1 2>&1 | FileCheck %s --check-prefix=CALLEE
// A poison result of a nested call is reported at its return, with the call
// site as a note.
// RUN: not strata-run %s --entry=nested --arg=i32:1 2>&1 | FileCheck %s --check-prefix=NESTED

func.func @cond(%x: i32) -> i32 {
  %c32 = arith.constant 32 : i32
  %p = arith.shli %x, %c32 : i32
  %b = arith.trunci %p : i32 to i1
  // COND: poison-sinks.mlir:[[@LINE+1]]:3: error: undefined behaviour: poison value used as the condition of 'cf.cond_br'
  cf.cond_br %b, ^a, ^b
^a:
  return %x : i32
^b:
  return %x : i32
}
func.func @flag(%x: i32) -> i32 {
  %c32 = arith.constant 32 : i32
  %p = arith.shli %x, %c32 : i32
  // FLAG: poison-sinks.mlir:[[@LINE+1]]:3: error: undefined behaviour: poison value used as the flag of 'cf.switch'
  cf.switch %p : i32, [
    default: ^a
  ]
^a:
  return %x : i32
}
func.func @assert(%x: i32) -> i32 {
  %c32 = arith.constant 32 : i32
  %p = arith.shli %x, %c32 : i32
  %b = arith.trunci %p : i32 to i1
  // ASSERT: poison-sinks.mlir:[[@LINE+1]]:3: error: undefined behaviour: poison value used as the condition of 'cf.assert'
  cf.assert %b, "never checked"
  return %x : i32
}
func.func @id(%x: i32) -> i32 {
  return %x : i32
}
func.func @call(%x: i32) -> i32 {
  %c32 = arith.constant 32 : i32
  %p = arith.shli %x, %c32 : i32
  // CALL: poison-sinks.mlir:[[@LINE+1]]:8: error: undefined behaviour: poison value passed as argument #0 of 'func.call'
  %r = func.call @id(%p) : (i32) -> i32
  return %r : i32
}
func.func @callee(%x: i32) -> i32 {
  %c32 = arith.constant 32 : i32
  %p = arith.shli %x, %c32 : i32
  %c = arith.trunci %p : i32 to i1
  %f = func.constant @id : (i32) -> i32
  %g = arith.select %c, %f, %f : (i32) -> i32
  // CALLEE: poison-sinks.mlir:[[@LINE+1]]:8: error: undefined behaviour: poison value used as the callee of 'func.call_indirect'
  %r = func.call_indirect %g(%x) : (i32) -> i32
  return %r : i32
}
func.func @make_poison(%x: i32) -> i32 {
  %c32 = arith.constant 32 : i32
  %p = arith.shli %x, %c32 : i32
  // NESTED: poison-sinks.mlir:[[@LINE+1]]:3: error: undefined behaviour: poison value returned as result #0 by 'func.return'
  return %p : i32
}
func.func @nested(%x: i32) -> i32 {
  // NESTED: poison-sinks.mlir:[[@LINE+1]]:8: note: called from here
  %r = func.call @make_poison(%x) : (i32) -> i32
  return %r : i32
}
