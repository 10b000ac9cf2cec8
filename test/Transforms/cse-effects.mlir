// cse only merges ops free of memory effects: the Pure trait, or a
// memory-effects interface that reports none (arith's divisions, which are
// not Pure because they may trap).  Calls (unknown effects) and unregistered
// ops are never merged.
// RUN: strata-opt %s --cse --allow-unregistered-dialect | FileCheck %s

func.func private @ext(i32) -> i32

// CHECK-LABEL: func.func @effects
// CHECK:         arith.divsi %arg0, %arg1
// CHECK-NOT:     arith.divsi
// CHECK:         call @ext(%arg0)
// CHECK-NEXT:    call @ext(%arg0)
// CHECK-NEXT:    "test.op"(%arg0)
// CHECK-NEXT:    "test.op"(%arg0)
func.func @effects(%a: i32, %b: i32) -> (i32, i32, i32, i32, i32, i32) {
  %0 = arith.divsi %a, %b : i32
  %1 = arith.divsi %a, %b : i32
  %2 = func.call @ext(%a) : (i32) -> i32
  %3 = func.call @ext(%a) : (i32) -> i32
  %4 = "test.op"(%a) : (i32) -> i32
  %5 = "test.op"(%a) : (i32) -> i32
  return %0, %1, %2, %3, %4, %5 : i32, i32, i32, i32, i32, i32
}
