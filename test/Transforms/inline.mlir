// inline replaces calls to functions that are not recursive by their
// bodies, callees first (so inlining is transitive), and canonicalizes the
// functions (the default pipeline).  A private callee whose last call was
// inlined is erased; a public one and a recursive one stay.
// RUN: strata-opt %s --inline | FileCheck %s

// CHECK-NOT: func.func private @add
// CHECK-NOT: func.func private @twice
func.func private @add(%a: i32, %b: i32) -> i32 {
  %s = arith.addi %a, %b : i32
  return %s : i32
}
func.func private @twice(%a: i32) -> i32 {
  %s = call @add(%a, %a) : (i32, i32) -> i32
  return %s : i32
}

// CHECK-LABEL: func.func @pub
// CHECK-NEXT:    arith.muli
func.func @pub(%a: i32) -> i32 {
  %m = arith.muli %a, %a : i32
  return %m : i32
}

// CHECK-LABEL: func.func @rec
// CHECK-NEXT:    call @rec
func.func @rec(%n: i32) -> i32 {
  %r = call @rec(%n) : (i32) -> i32
  return %r : i32
}

// CHECK-LABEL: func.func @main
// CHECK-NEXT:    %[[T:.*]] = arith.addi %arg0, %arg0 : i32
// CHECK-NEXT:    %[[P:.*]] = arith.muli %[[T]], %[[T]] : i32
// CHECK-NEXT:    %[[R:.*]] = call @rec(%[[P]]) : (i32) -> i32
// CHECK-NEXT:    return %[[R]] : i32
func.func @main(%x: i32) -> i32 {
  %0 = call @twice(%x) : (i32) -> i32
  %1 = call @pub(%0) : (i32) -> i32
  %2 = call @rec(%1) : (i32) -> i32
  return %2 : i32
}
