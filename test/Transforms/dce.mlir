// dce: ops whose results are unused and that have no effect beyond reading
// or allocating their own results go, chains included; ops with effects,
// terminators, symbols and unregistered ops stay.
// RUN: strata-opt %s --dce --allow-unregistered-dialect | FileCheck %s

func.func private @ext(i32) -> i32

// CHECK-LABEL: func.func @chain
// CHECK-NEXT:    return %arg0
func.func @chain(%a: i32) -> i32 {
  %0 = arith.addi %a, %a : i32
  %1 = arith.muli %0, %0 : i32
  %2 = arith.subi %1, %a : i32
  %c = arith.constant 3 : i32
  %3 = arith.divsi %2, %c : i32
  return %a : i32
}

// CHECK-LABEL: func.func @kept
// CHECK-NEXT:    %[[X:.*]] = arith.addi
// CHECK-NEXT:    call @ext(%[[X]])
// CHECK-NEXT:    "test.unknown"(%arg0)
// CHECK-NEXT:    return
func.func @kept(%a: i32) {
  %0 = arith.addi %a, %a : i32
  %1 = func.call @ext(%0) : (i32) -> i32
  %2 = "test.unknown"(%a) : (i32) -> i32
  return
}

// An op with regions and recursive effects goes when everything in it is
// removable.
// CHECK-LABEL: func.func @region_op
// CHECK-NEXT:    scf.if
// CHECK-NEXT:      call @ext
// CHECK:         return
func.func @region_op(%a: i32, %c: i1) {
  %0 = scf.if %c -> (i32) {
    %1 = arith.addi %a, %a : i32
    scf.yield %1 : i32
  } else {
    scf.yield %a : i32
  }
  %2 = scf.if %c -> (i32) {
    %3 = func.call @ext(%a) : (i32) -> i32
    scf.yield %3 : i32
  } else {
    scf.yield %a : i32
  }
  return
}

// Unused private symbols are symbol-dce's job, not dce's.
// CHECK-LABEL: func.func private @unused
func.func private @unused()
