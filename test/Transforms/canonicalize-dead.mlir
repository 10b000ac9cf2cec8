// canonicalize erases ops whose results are unused and that have no effect
// (Pure, or only reads), chains of them included; ops with effects stay.
// RUN: strata-opt %s --canonicalize | FileCheck %s

func.func private @effect(i32) -> i32

// CHECK-LABEL: func.func @dead
// CHECK-NEXT:    call @effect
// CHECK-NEXT:    return %arg0
func.func @dead(%a: i32, %b: i32) -> i32 {
  %x = arith.addi %a, %b : i32
  %y = arith.muli %x, %x : i32
  %z = arith.subi %y, %a : i32
  %k = func.call @effect(%a) : (i32) -> i32
  // Division is not Pure (it may trap) but has no memory effect: dead too,
  // as in mlir-opt-14.
  %d = arith.divsi %a, %b : i32
  return %a : i32
}
