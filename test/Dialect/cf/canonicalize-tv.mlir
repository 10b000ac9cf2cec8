// cf's canonicalization patterns keep what the functions compute: strata-tv
// interprets each before and after canonicalize on drawn inputs (the i3
// switch flag takes every value).  The FileCheck run shows that the
// patterns fired (output as mlir-opt-14's on the MLIR 14 spelling).
// RUN: strata-tv %s --entry=cond --pass-pipeline='builtin.module(canonicalize)' | FileCheck %s --check-prefix=TV-COND
// RUN: strata-tv %s --entry=switches --pass-pipeline='builtin.module(canonicalize)' | FileCheck %s --check-prefix=TV-SWITCH
// RUN: strata-opt %s --canonicalize | FileCheck %s
// TV-COND: strata-tv: @cond: 64 inputs agree
// TV-SWITCH: strata-tv: @switches: 64 inputs agree

// An assert of true, truth propagation on both edges, a cond_br on the
// same condition, pass-through blocks and a block merge.
// CHECK-LABEL: func.func @cond(%arg0: i1, %arg1: i32, %arg2: i32) -> i32 {
// CHECK-NEXT:    %c1_i32 = arith.constant 1 : i32
// CHECK-NEXT:    cf.cond_br %arg0, ^bb1, ^bb2(%arg2 : i32)
// CHECK-NEXT:  ^bb1:
// CHECK-NEXT:    %0 = arith.addi %arg1, %c1_i32 : i32
// CHECK-NEXT:    cf.br ^bb2(%0 : i32)
// CHECK-NEXT:  ^bb2(%1: i32):
// CHECK-NEXT:    return %1 : i32
// CHECK-NEXT:  }
func.func @cond(%c: i1, %x: i32, %y: i32) -> i32 {
  %t = arith.constant true
  cf.assert %t, "never fails"
  cf.cond_br %c, ^bb1, ^bb2
^bb1:
  %e = arith.extui %c : i1 to i32
  %s = arith.addi %x, %e : i32
  cf.cond_br %c, ^bb3(%s : i32), ^bb4
^bb2:
  %n = arith.extsi %c : i1 to i32
  %d = arith.subi %y, %n : i32
  cf.br ^bb5(%d : i32)
^bb3(%a: i32):
  cf.br ^bb5(%a : i32)
^bb4:
  cf.br ^bb5(%x : i32)
^bb5(%r: i32):
  return %r : i32
}

// A case that matches the default goes (-3, written 5 at i3); in the
// default block the case the first switch sends elsewhere goes (1); in the
// case block the flag is known; the pass-through block is bypassed.
// CHECK-LABEL: func.func @switches(%arg0: i3, %arg1: i32, %arg2: i32) -> i32 {
// CHECK-NEXT:    cf.switch %arg0 : i3, [
// CHECK-NEXT:      default: ^bb1,
// CHECK-NEXT:      1: ^bb2,
// CHECK-NEXT:      2: ^bb3(%arg1 : i32)
// CHECK-NEXT:    ]
// CHECK-NEXT:  ^bb1:
// CHECK-NEXT:    cf.switch %arg0 : i3, [
// CHECK-NEXT:      default: ^bb3(%arg2 : i32),
// CHECK-NEXT:      5: ^bb3(%arg1 : i32)
// CHECK-NEXT:    ]
// CHECK-NEXT:  ^bb2:
// CHECK-NEXT:    %0 = arith.muli %arg1, %arg2 : i32
// CHECK-NEXT:    cf.br ^bb3(%0 : i32)
// CHECK-NEXT:  ^bb3(%1: i32):
// CHECK-NEXT:    return %1 : i32
// CHECK-NEXT:  }
func.func @switches(%f: i3, %x: i32, %y: i32) -> i32 {
  cf.switch %f : i3, [
    default: ^bb1,
    1: ^bb2,
    2: ^bb3(%x : i32),
    -3: ^bb1
  ]
^bb1:
  cf.switch %f : i3, [
    default: ^bb4(%y : i32),
    1: ^bb3(%y : i32),
    -3: ^bb4(%x : i32)
  ]
^bb2:
  %m = arith.muli %x, %y : i32
  cf.switch %f : i3, [
    default: ^bb3(%x : i32),
    1: ^bb4(%m : i32)
  ]
^bb3(%a: i32):
  cf.br ^bb4(%a : i32)
^bb4(%r: i32):
  return %r : i32
}
