// Runtime errors that are not undefined behaviour: a failed assertion (the
// program stops itself), the step budget, the call depth, ops and types the
// interpreter has no semantics for, functions without a body.
// RUN: not strata-run %s --entry=assert --arg=i32:-3 2>&1 | FileCheck %s --check-prefix=ASSERT
// RUN: not strata-run %s --entry=forever --max-steps=1000 2>&1 | FileCheck %s --check-prefix=STEPS
// RUN: not strata-run %s --entry=recurse --arg=i32:0 2>&1 | FileCheck %s --check-prefix=DEPTH
// RUN: not strata-run %s --entry=vector 2>&1 | FileCheck %s --check-prefix=VECTOR
// RUN: not strata-run %s --entry=calls_external 2>&1 | FileCheck %s --check-prefix=EXTERN
// RUN: not strata-run %s --entry=cast --arg=i32:1 2>&1 | FileCheck %s --check-prefix=CAST
// RUN: strata-run %s --entry=cast_ok --arg=i32:-9 | FileCheck %s --check-prefix=CASTOK
// CASTOK: i32:-9
// The same loop runs to the end with a budget large enough: 4 ops a trip.
// RUN: strata-run %s --entry=count --arg=i32:100 --max-steps=406 | FileCheck %s --check-prefix=COUNT
// COUNT: i32:100
// RUN: not strata-run %s --entry=count --arg=i32:100 --max-steps=405 2>&1 | FileCheck %s --check-prefix=COUNTSTEPS
// COUNTSTEPS: error: execution exceeded the step budget of 405 operations

func.func @assert(%x: i32) -> i32 {
  %c0 = arith.constant 0 : i32
  %pos = arith.cmpi sgt, %x, %c0 : i32
  // ASSERT: run-errors.mlir:[[@LINE+1]]:3: error: assertion failed: x must be positive
  cf.assert %pos, "x must be positive"
  return %x : i32
}
func.func @forever() {
  cf.br ^loop
^loop:
  // STEPS: run-errors.mlir:[[@LINE+1]]:3: error: execution exceeded the step budget of 1000 operations
  cf.br ^loop
}
func.func @recurse(%x: i32) -> i32 {
  // DEPTH: error: call depth exceeded the limit of 1000 nested calls
  // DEPTH-COUNT-3: note: called from here
  %r = func.call @recurse(%x) : (i32) -> i32
  return %r : i32
}
func.func @vector() -> vector<2xi32> {
  // VECTOR: run-errors.mlir:[[@LINE+1]]:8: error: no interpreter semantics for 'arith.constant' on vectors or tensors
  %v = arith.constant dense<1> : vector<2xi32>
  return %v : vector<2xi32>
}
func.func private @external(i32) -> i32
func.func @calls_external() -> i32 {
  %c1 = arith.constant 1 : i32
  // EXTERN: run-errors.mlir:[[@LINE+1]]:8: error: cannot interpret '@external': the function has no body
  %r = func.call @external(%c1) : (i32) -> i32
  return %r : i32
}
func.func @cast(%x: i32) -> f32 {
  // CAST: run-errors.mlir:[[@LINE+1]]:8: error: cannot interpret 'builtin.unrealized_conversion_cast' from 'i32' to 'f32'
  %r = builtin.unrealized_conversion_cast %x : i32 to f32
  return %r : f32
}
func.func @cast_ok(%x: i32) -> i32 {
  %a = builtin.unrealized_conversion_cast %x : i32 to ui32
  %b = builtin.unrealized_conversion_cast %a : ui32 to i32
  return %b : i32
}
// 2 constants, a br, 100 trips of 4 (cmpi, cond_br, addi, br), then cmpi,
// cond_br and return: 406 operations.
func.func @count(%n: i32) -> i32 {
  %c0 = arith.constant 0 : i32
  %c1 = arith.constant 1 : i32
  cf.br ^h(%c0 : i32)
^h(%i: i32):
  %lt = arith.cmpi slt, %i, %n : i32
  cf.cond_br %lt, ^b, ^e
^b:
  %j = arith.addi %i, %c1 : i32
  cf.br ^h(%j : i32)
^e:
  return %i : i32
}
