// canonicalize folds ops with constant operands and materialises the
// results as constants at the top of the function (the entry block of the
// nearest region isolated from above), one per value and type, in the order
// mlir-opt-14 gives: each constant is re-created at the top when visited,
// so the input's constants come out reversed.
// RUN: strata-opt %s --canonicalize | FileCheck %s

// CHECK-LABEL: func.func @fold
// CHECK-NEXT:    %[[C3:.*]] = arith.constant 3 : i32
// CHECK-NEXT:    %[[A:.*]] = arith.addi %arg0, %[[C3]] : i32
// CHECK-NEXT:    %[[B:.*]] = arith.xori %[[A]], %[[C3]] : i32
// CHECK-NEXT:    return %[[B]] : i32
func.func @fold(%a: i32) -> i32 {
  %c1 = arith.constant 1 : i32
  %c2 = arith.constant 2 : i32
  %s = arith.addi %c1, %c2 : i32
  %t = arith.addi %a, %s : i32
  %u = arith.muli %t, %c1 : i32
  %c3 = arith.constant 3 : i32
  %v = arith.xori %u, %c3 : i32
  return %v : i32
}

// CHECK-LABEL: func.func @order
// CHECK-NEXT:    %[[C3:.*]] = arith.constant 3 : i32
// CHECK-NEXT:    %[[C2:.*]] = arith.constant 2 : i32
// CHECK-NEXT:    %[[C1:.*]] = arith.constant 1 : i32
// CHECK-NEXT:    %[[X:.*]] = arith.xori %arg0, %[[C1]]
// CHECK-NEXT:    %[[Y:.*]] = arith.xori %[[X]], %[[C2]]
// CHECK-NEXT:    arith.xori %[[Y]], %[[C3]]
func.func @order(%a: i32) -> (i32, i32, i32) {
  %c1 = arith.constant 1 : i32
  %c2 = arith.constant 2 : i32
  %c3 = arith.constant 3 : i32
  %x = arith.xori %a, %c1 : i32
  %y = arith.xori %x, %c2 : i32
  %z = arith.xori %y, %c3 : i32
  return %x, %y, %z : i32, i32, i32
}

// Constants of equal value but different type stay apart; a commutative
// op's constant operand moves last.
// CHECK-LABEL: func.func @types
// CHECK-DAG:     %[[I:.*]] = arith.constant 7 : i32
// CHECK-DAG:     %[[J:.*]] = arith.constant 7 : i64
// CHECK:         arith.muli %arg0, %[[I]] : i32
// CHECK:         arith.muli %arg1, %[[J]] : i64
func.func @types(%a: i32, %b: i64) -> (i32, i64) {
  %c7 = arith.constant 7 : i32
  %d7 = arith.constant 7 : i64
  %x = arith.muli %c7, %a : i32
  %y = arith.muli %d7, %b : i64
  return %x, %y : i32, i64
}
