// A callee of several blocks is inlined between the caller's block and a
// new block holding the rest of it: each return becomes a cf.br to that
// block, whose argument replaces the call's result.
// default-pipeline= (empty) leaves the result as inlined.
// RUN: strata-opt %s --inline=default-pipeline= | FileCheck %s

// CHECK-LABEL: func.func @main
// CHECK-NEXT:    %[[A:.*]] = arith.addi %arg0, %arg0 : i32
// CHECK-NEXT:    cf.cond_br %arg1, ^bb1, ^bb2
// CHECK-NEXT:  ^bb1:
// CHECK-NEXT:    cf.br ^bb3(%[[A]] : i32)
// CHECK-NEXT:  ^bb2:
// CHECK-NEXT:    %[[M:.*]] = arith.muli %arg0, %arg0 : i32
// CHECK-NEXT:    cf.br ^bb3(%[[M]] : i32)
// CHECK-NEXT:  ^bb3(%[[R:.*]]: i32):
// CHECK-NEXT:    %[[S:.*]] = arith.subi %[[R]], %arg0 : i32
// CHECK-NEXT:    return %[[S]] : i32
// CHECK-NOT: @sel
func.func private @sel(%c: i1, %a: i32, %b: i32) -> i32 {
  cf.cond_br %c, ^bb1, ^bb2
^bb1:
  return %a : i32
^bb2:
  %m = arith.muli %b, %b : i32
  return %m : i32
}
func.func @main(%x: i32, %c: i1) -> i32 {
  %0 = arith.addi %x, %x : i32
  %1 = call @sel(%c, %0, %x) : (i1, i32, i32) -> i32
  %2 = arith.subi %1, %x : i32
  return %2 : i32
}
