// What sccp does not see through is overdefined: results of calls and of
// ops with regions (scf.if here), and the arguments of the regions it
// enters.  Ops inside those regions still fold on what is known.
// RUN: strata-opt %s --sccp | FileCheck %s

func.func private @get() -> i32

// CHECK-LABEL: func.func @calls
// CHECK:         %[[V:.*]] = call @get()
// CHECK-NEXT:    %[[S:.*]] = arith.addi %[[V]], %[[V]]
func.func @calls() -> i32 {
  %v = func.call @get() : () -> i32
  %s = arith.addi %v, %v : i32
  return %s : i32
}

// CHECK-LABEL: func.func @regions
// CHECK:         %[[R:.*]] = scf.if
// CHECK:           scf.yield %c3_i32
// CHECK:         arith.addi %[[R]], %[[R]]
func.func @regions(%c: i1) -> i32 {
  %c1 = arith.constant 1 : i32
  %c2 = arith.constant 2 : i32
  %r = scf.if %c -> i32 {
    %s = arith.addi %c1, %c2 : i32
    scf.yield %s : i32
  } else {
    scf.yield %c1 : i32
  }
  %d = arith.addi %r, %r : i32
  return %d : i32
}
