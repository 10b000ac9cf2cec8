// dce erases the blocks the entry cannot reach (they may use each other's
// values and branch to each other), then the ops that became dead.
// RUN: strata-opt %s --dce | FileCheck %s

// CHECK-LABEL: func.func @unreachable
// CHECK-NEXT:    cf.br ^bb1
// CHECK-NEXT:  ^bb1:
// CHECK-NEXT:    return %arg0
// CHECK-NOT:   ^bb
// CHECK:       }
func.func @unreachable(%a: i32) -> i32 {
  %0 = arith.addi %a, %a : i32
  cf.br ^bb1
^bb1:
  return %a : i32
^bb2(%x: i32):
  %1 = arith.muli %x, %x : i32
  cf.br ^bb3(%1 : i32)
^bb3(%y: i32):
  %2 = arith.addi %y, %0 : i32
  cf.br ^bb2(%2 : i32)
}

// A block reached only through a dead branch is still reachable: dce keeps
// the CFG (folding the branch is canonicalize's job).
// CHECK-LABEL: func.func @reachable
// CHECK:         cf.cond_br
// CHECK:       ^bb1:
// CHECK:       ^bb2:
func.func @reachable(%a: i32) -> i32 {
  %false = arith.constant false
  cf.cond_br %false, ^bb1, ^bb2
^bb1:
  return %a : i32
^bb2:
  %c = arith.constant 0 : i32
  return %c : i32
}
