// top-down=false seeds the worklist in post-order and pops it from the
// back, as mlir-opt-14 does: the constants are visited in reverse and so
// keep the input's order at the top.
// RUN: strata-opt %s --canonicalize=top-down=false | FileCheck %s --check-prefix=BOTTOM
// RUN: strata-opt %s --canonicalize | FileCheck %s --check-prefix=TOP

// BOTTOM:      arith.constant 1 : i32
// BOTTOM-NEXT: arith.constant 2 : i32
// BOTTOM-NEXT: arith.constant 3 : i32
// TOP:         arith.constant 3 : i32
// TOP-NEXT:    arith.constant 2 : i32
// TOP-NEXT:    arith.constant 1 : i32
func.func @f(%a: i32) -> (i32, i32, i32) {
  %c1 = arith.constant 1 : i32
  %c2 = arith.constant 2 : i32
  %c3 = arith.constant 3 : i32
  %x = arith.xori %a, %c1 : i32
  %y = arith.xori %x, %c2 : i32
  %z = arith.xori %y, %c3 : i32
  return %x, %y, %z : i32, i32, i32
}
