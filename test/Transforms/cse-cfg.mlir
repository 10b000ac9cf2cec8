// cse across blocks follows the dominator tree: an op is replaced by an
// equal op in a dominating block, never by one in a block that does not
// dominate it (a sibling branch).  Blocks the entry cannot reach are
// simplified on their own.
// RUN: strata-opt %s --cse | FileCheck %s

// CHECK-LABEL: func.func @diamond
// CHECK-NEXT:    %[[E:.*]] = arith.addi %arg0, %arg0
// CHECK-NEXT:    cf.cond_br
// CHECK:       ^bb1:
// CHECK-NEXT:    %[[L:.*]] = arith.muli %[[E]], %[[E]]
// CHECK-NEXT:    cf.br ^bb3(%[[L]] : i32)
// CHECK:       ^bb2:
// CHECK-NEXT:    %[[R:.*]] = arith.muli %[[E]], %[[E]]
// CHECK-NEXT:    cf.br ^bb3(%[[R]] : i32)
// CHECK:       ^bb3(%[[P:.*]]: i32):
// CHECK-NEXT:    %[[J:.*]] = arith.muli %[[E]], %[[E]]
// CHECK-NEXT:    arith.addi %[[P]], %[[J]]
func.func @diamond(%x: i32, %cond: i1) -> i32 {
  %e = arith.addi %x, %x : i32
  cf.cond_br %cond, ^bb1, ^bb2
^bb1:
  %e1 = arith.addi %x, %x : i32
  %l = arith.muli %e1, %e1 : i32
  cf.br ^bb3(%l : i32)
^bb2:
  %r = arith.muli %e, %e : i32
  cf.br ^bb3(%r : i32)
^bb3(%p: i32):
  %j = arith.muli %e, %e : i32
  %s = arith.addi %p, %j : i32
  return %s : i32
}

// CHECK-LABEL: func.func @unreachable
// CHECK:       ^bb1:
// CHECK-NEXT:    %[[U:.*]] = arith.subi
// CHECK-NEXT:    arith.muli %[[U]], %[[U]]
func.func @unreachable(%a: i32) -> i32 {
  return %a : i32
^bb1:
  %0 = arith.subi %a, %a : i32
  %1 = arith.subi %a, %a : i32
  %2 = arith.muli %0, %1 : i32
  return %2 : i32
}
