// sccp propagates constants along the edges control can take: a branch on
// a constant takes one edge only, so the block argument that edge feeds is
// a constant; values on a loop that stay the same are constants too.  The
// constants found are materialised at the top of the function and the ops
// they replace are erased; the blocks found unreachable stay (as in MLIR).
// The output is mlir-opt-14's.
// RUN: strata-opt %s --sccp | FileCheck %s

// CHECK-LABEL: func.func @branch
// CHECK-NEXT:    %[[C4:.*]] = arith.constant 4 : i32
// CHECK-NEXT:    %[[T:.*]] = arith.constant true
// CHECK-NEXT:    %[[C2:.*]] = arith.constant 2 : i32
// CHECK-NEXT:    %[[C1:.*]] = arith.constant 1 : i32
// CHECK-NEXT:    cf.cond_br %[[T]], ^bb1, ^bb2
// CHECK-NEXT:  ^bb1:
// CHECK-NEXT:    cf.br ^bb3(%[[C2]] : i32)
// CHECK-NEXT:  ^bb2:
// CHECK-NEXT:    %[[Y:.*]] = arith.addi %arg1, %[[C1]] : i32
// CHECK-NEXT:    cf.br ^bb3(%[[Y]] : i32)
// CHECK-NEXT:  ^bb3(%{{.*}}: i32):
// CHECK-NEXT:    return %[[C4]] : i32
func.func @branch(%c: i1, %a: i32) -> i32 {
  %c1 = arith.constant 1 : i32
  %c2 = arith.constant 2 : i32
  %t = arith.constant true
  cf.cond_br %t, ^bb1, ^bb2
^bb1:
  %x = arith.addi %c1, %c1 : i32
  cf.br ^bb3(%x : i32)
^bb2:
  %y = arith.addi %a, %c1 : i32
  cf.br ^bb3(%y : i32)
^bb3(%r: i32):
  %s = arith.muli %r, %c2 : i32
  return %s : i32
}

// CHECK-LABEL: func.func @loop
// CHECK-NEXT:    %[[ONE:.*]] = arith.constant 1 : i32
// CHECK-NEXT:    %[[ZERO:.*]] = arith.constant 0 : i32
// CHECK-NEXT:    cf.br ^bb1(%[[ZERO]], %[[ONE]] : i32, i32)
// CHECK:         %[[I2:.*]] = arith.addi %{{.*}}, %[[ONE]] : i32
// CHECK-NEXT:    cf.br ^bb1(%[[I2]], %[[ONE]] : i32, i32)
// CHECK:         return %[[ONE]] : i32
func.func @loop(%n: i32) -> i32 {
  %c0 = arith.constant 0 : i32
  %c1 = arith.constant 1 : i32
  cf.br ^bb1(%c0, %c1 : i32, i32)
^bb1(%i: i32, %k: i32):
  %cond = arith.cmpi slt, %i, %n : i32
  cf.cond_br %cond, ^bb2, ^bb3
^bb2:
  %i2 = arith.addi %i, %c1 : i32
  %k2 = arith.muli %k, %c1 : i32
  cf.br ^bb1(%i2, %k2 : i32, i32)
^bb3:
  return %k : i32
}
