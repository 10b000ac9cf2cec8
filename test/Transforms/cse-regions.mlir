// cse in nested regions: an op inside a region is replaced by an equal op
// of an enclosing region (which dominates it), not the other way round, and
// never across an IsolatedFromAbove op (here func.func inside a module).
// RUN: strata-opt %s --cse --split-input-file | FileCheck %s

// CHECK-LABEL: func.func @outer_dominates_inner
// CHECK:         %[[X:.*]] = arith.addi %arg0, %arg0
// CHECK:         scf.if
// CHECK-NEXT:      %[[Y:.*]] = arith.muli %[[X]], %[[X]]
// CHECK-NEXT:      scf.yield %[[Y]]
// CHECK-NEXT:    } else {
// CHECK-NEXT:      %[[Z:.*]] = arith.muli %[[X]], %[[X]]
// CHECK-NEXT:      scf.yield %[[Z]]
func.func @outer_dominates_inner(%a: i32, %c: i1) -> i32 {
  %0 = arith.addi %a, %a : i32
  %r = scf.if %c -> (i32) {
    %1 = arith.addi %a, %a : i32
    %2 = arith.muli %1, %1 : i32
    scf.yield %2 : i32
  } else {
    %3 = arith.muli %0, %0 : i32
    scf.yield %3 : i32
  }
  return %r : i32
}

// -----

// The two branches are siblings: neither dominates the other, so the equal
// muli in each stays; an equal op after the scf.if is not replaced by one
// inside it.
// CHECK-LABEL: func.func @siblings
// CHECK:         scf.if
// CHECK:           arith.muli
// CHECK:         } else {
// CHECK:           arith.muli
// CHECK:         }
// CHECK:         arith.muli
func.func @siblings(%a: i32, %c: i1) -> (i32, i32) {
  %r = scf.if %c -> (i32) {
    %1 = arith.muli %a, %a : i32
    scf.yield %1 : i32
  } else {
    %2 = arith.muli %a, %a : i32
    scf.yield %2 : i32
  }
  %3 = arith.muli %a, %a : i32
  return %r, %3 : i32, i32
}

// -----

// Constants of two functions stay apart: each function is isolated.
// CHECK-LABEL: func.func @one
// CHECK:         arith.constant 7 : i32
// CHECK-LABEL: func.func @two
// CHECK:         arith.constant 7 : i32
func.func @one() -> i32 {
  %c = arith.constant 7 : i32
  return %c : i32
}
func.func @two() -> i32 {
  %c = arith.constant 7 : i32
  return %c : i32
}
