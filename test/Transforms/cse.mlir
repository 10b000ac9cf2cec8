// cse: equal side-effect-free ops (same name, operands, attributes and
// result types) are replaced by the first one; anything that differs stays.
// RUN: strata-opt %s --cse --split-input-file | FileCheck %s

// CHECK-LABEL: func.func @same_operands
// CHECK-NEXT:    %[[A:.*]] = arith.addi %arg0, %arg1 : i32
// CHECK-NEXT:    %[[M:.*]] = arith.muli %[[A]], %[[A]] : i32
// CHECK-NEXT:    return %[[M]]
func.func @same_operands(%a: i32, %b: i32) -> i32 {
  %0 = arith.addi %a, %b : i32
  %1 = arith.addi %a, %b : i32
  %2 = arith.muli %0, %1 : i32
  return %2 : i32
}

// -----

// Operand order, attributes and result types tell ops apart (cse does not
// reorder commutative operands: canonicalize does).
// CHECK-LABEL: func.func @differences
// CHECK-NEXT:    arith.addi %arg0, %arg1
// CHECK-NEXT:    arith.addi %arg1, %arg0
// CHECK-NEXT:    arith.constant 1 : i32
// CHECK-NEXT:    arith.constant 2 : i32
// CHECK-NEXT:    arith.constant 1 : i64
// CHECK-NEXT:    arith.cmpi slt
// CHECK-NEXT:    arith.cmpi sgt
// CHECK-NEXT:    return
func.func @differences(%a: i32, %b: i32) -> (i32, i32, i32, i32, i64, i1, i1) {
  %0 = arith.addi %a, %b : i32
  %1 = arith.addi %b, %a : i32
  %c1 = arith.constant 1 : i32
  %c2 = arith.constant 2 : i32
  %c1b = arith.constant 1 : i32
  %c1l = arith.constant 1 : i64
  %l = arith.cmpi slt, %a, %b : i32
  %g = arith.cmpi sgt, %a, %b : i32
  %l2 = arith.cmpi slt, %a, %b : i32
  return %0, %1, %c1b, %c2, %c1l, %l2, %g : i32, i32, i32, i32, i64, i1, i1
}

// -----

// Replacing one op makes its users equal too: a whole chain folds in one run.
// CHECK-LABEL: func.func @chain
// CHECK-COUNT-3: arith.
// CHECK-NOT:     arith.
// CHECK:         return
func.func @chain(%a: i32) -> (i32, i32) {
  %0 = arith.addi %a, %a : i32
  %1 = arith.muli %0, %a : i32
  %2 = arith.subi %1, %0 : i32
  %3 = arith.addi %a, %a : i32
  %4 = arith.muli %3, %a : i32
  %5 = arith.subi %4, %3 : i32
  return %2, %5 : i32, i32
}
