// Every scf folder and canonicalization pattern (MLIR 14's, the ones the
// parity corpus in test/interop/canonicalize compares with mlir-opt-14):
// scf.if's fold of a negated condition, static conditions, unused results,
// trivial ifs to arith.select, condition propagation, empty else regions,
// results that are the condition or its negation, adjacent and nested ifs;
// execute_region inlining (single block, several blocks into the function,
// not with no_inline); scf.for without iterations, with one iteration
// (index and integer bounds), with a body that only yields outside values,
// loop-carried values that are forwarded or unused; scf.while's condition
// known true in the after region (as an argument and recomputed) and unused
// results; scf.parallel with an empty domain, single-iteration dimensions
// (with a reduction) and nested loops.
// RUN: strata-opt --canonicalize %s | FileCheck %s

// CHECK-LABEL: func.func @if_fold_not(%arg0: i1, %arg1: f32, %arg2: f32) -> f32 {
// CHECK-NEXT: %0 = scf.if %arg0 -> (f32) {
// CHECK-NEXT: scf.yield %arg2 : f32
// CHECK-NEXT: } else {
// CHECK-NEXT: %1 = arith.addf %arg1, %arg2 : f32
// CHECK-NEXT: scf.yield %1 : f32
// CHECK-NEXT: }
// CHECK-NEXT: return %0 : f32
// CHECK-NEXT: }
func.func @if_fold_not(%c: i1, %x: f32, %y: f32) -> f32 {
  %t = arith.constant true
  %n = arith.xori %c, %t : i1
  %r = scf.if %n -> (f32) {
    %a = arith.addf %x, %y : f32
    scf.yield %a : f32
  } else {
    scf.yield %y : f32
  }
  return %r : f32
}

// CHECK-LABEL: func.func @if_static_true(%arg0: memref<4xi32>, %arg1: i32) -> i32 {
// CHECK-NEXT: %c0 = arith.constant 0 : index
// CHECK-NEXT: memref.store %arg1, %arg0[%c0] : memref<4xi32>
// CHECK-NEXT: return %arg1 : i32
// CHECK-NEXT: }
func.func @if_static_true(%m: memref<4xi32>, %x: i32) -> i32 {
  %t = arith.constant true
  %i = arith.constant 0 : index
  %r = scf.if %t -> (i32) {
    memref.store %x, %m[%i] : memref<4xi32>
    scf.yield %x : i32
  } else {
    %y = arith.addi %x, %x : i32
    scf.yield %y : i32
  }
  return %r : i32
}

// CHECK-LABEL: func.func @if_static_false_no_else(%arg0: memref<4xi32>, %arg1: i32) {
// CHECK-NEXT: return
// CHECK-NEXT: }
func.func @if_static_false_no_else(%m: memref<4xi32>, %x: i32) {
  %f = arith.constant false
  %i = arith.constant 0 : index
  scf.if %f {
    memref.store %x, %m[%i] : memref<4xi32>
  }
  return
}

// CHECK-LABEL: func.func @if_unused_results(%arg0: i1, %arg1: memref<4xi32>, %arg2: i32) -> i32 {
// CHECK-NEXT: %c0 = arith.constant 0 : index
// CHECK-NEXT: %0 = scf.if %arg0 -> (i32) {
// CHECK-NEXT: memref.store %arg2, %arg1[%c0] : memref<4xi32>
// CHECK-NEXT: %1 = arith.addi %arg2, %arg2 : i32
// CHECK-NEXT: scf.yield %1 : i32
// CHECK-NEXT: } else {
// CHECK-NEXT: %1 = arith.muli %arg2, %arg2 : i32
// CHECK-NEXT: scf.yield %1 : i32
// CHECK-NEXT: }
// CHECK-NEXT: return %0 : i32
// CHECK-NEXT: }
func.func @if_unused_results(%c: i1, %m: memref<4xi32>, %x: i32) -> i32 {
  %i = arith.constant 0 : index
  %r:2 = scf.if %c -> (i32, i32) {
    memref.store %x, %m[%i] : memref<4xi32>
    %a = arith.addi %x, %x : i32
    scf.yield %a, %x : i32, i32
  } else {
    %b = arith.muli %x, %x : i32
    scf.yield %b, %x : i32, i32
  }
  return %r#0 : i32
}

// CHECK-LABEL: func.func @if_to_select(%arg0: i1, %arg1: i32, %arg2: i32) -> (i32, i32) {
// CHECK-NEXT: %0 = arith.select %arg0, %arg1, %arg2 : i32
// CHECK-NEXT: return %0, %arg2 : i32, i32
// CHECK-NEXT: }
func.func @if_to_select(%c: i1, %x: i32, %y: i32) -> (i32, i32) {
  %r:2 = scf.if %c -> (i32, i32) {
    scf.yield %x, %y : i32, i32
  } else {
    scf.yield %y, %y : i32, i32
  }
  return %r#0, %r#1 : i32, i32
}

// CHECK-LABEL: func.func @if_condition_propagation(%arg0: i1, %arg1: memref<4xi1>) {
// CHECK-NEXT: %false = arith.constant false
// CHECK-NEXT: %true = arith.constant true
// CHECK-NEXT: %c0 = arith.constant 0 : index
// CHECK-NEXT: scf.if %arg0 {
// CHECK-NEXT: memref.store %true, %arg1[%c0] : memref<4xi1>
// CHECK-NEXT: } else {
// CHECK-NEXT: memref.store %false, %arg1[%c0] : memref<4xi1>
// CHECK-NEXT: }
// CHECK-NEXT: return
// CHECK-NEXT: }
func.func @if_condition_propagation(%c: i1, %m: memref<4xi1>) {
  %i = arith.constant 0 : index
  scf.if %c {
    memref.store %c, %m[%i] : memref<4xi1>
  } else {
    memref.store %c, %m[%i] : memref<4xi1>
  }
  return
}

// CHECK-LABEL: func.func @if_empty_else(%arg0: i1, %arg1: memref<4xi32>, %arg2: i32) {
// CHECK-NEXT: %c0 = arith.constant 0 : index
// CHECK-NEXT: scf.if %arg0 {
// CHECK-NEXT: memref.store %arg2, %arg1[%c0] : memref<4xi32>
// CHECK-NEXT: }
// CHECK-NEXT: return
// CHECK-NEXT: }
func.func @if_empty_else(%c: i1, %m: memref<4xi32>, %x: i32) {
  %i = arith.constant 0 : index
  scf.if %c {
    memref.store %x, %m[%i] : memref<4xi32>
  } else {
  }
  return
}

// CHECK-LABEL: func.func @if_yield_condition(%arg0: i1, %arg1: memref<4xi32>, %arg2: i32) -> (i1, i1) {
// CHECK-NEXT: %true = arith.constant true
// CHECK-NEXT: %c0 = arith.constant 0 : index
// CHECK-NEXT: %0 = arith.xori %arg0, %true : i1
// CHECK-NEXT: scf.if %arg0 {
// CHECK-NEXT: memref.store %arg2, %arg1[%c0] : memref<4xi32>
// CHECK-NEXT: }
// CHECK-NEXT: return %arg0, %0 : i1, i1
// CHECK-NEXT: }
func.func @if_yield_condition(%c: i1, %m: memref<4xi32>, %x: i32) -> (i1, i1) {
  %t = arith.constant true
  %f = arith.constant false
  %i = arith.constant 0 : index
  %r:2 = scf.if %c -> (i1, i1) {
    memref.store %x, %m[%i] : memref<4xi32>
    scf.yield %t, %f : i1, i1
  } else {
    scf.yield %f, %t : i1, i1
  }
  return %r#0, %r#1 : i1, i1
}

// CHECK-LABEL: func.func @if_combine(%arg0: i1, %arg1: memref<4xi32>, %arg2: i32) {
// CHECK-NEXT: %c1 = arith.constant 1 : index
// CHECK-NEXT: %c0 = arith.constant 0 : index
// CHECK-NEXT: scf.if %arg0 {
// CHECK-NEXT: memref.store %arg2, %arg1[%c0] : memref<4xi32>
// CHECK-NEXT: memref.store %arg2, %arg1[%c1] : memref<4xi32>
// CHECK-NEXT: }
// CHECK-NEXT: return
// CHECK-NEXT: }
func.func @if_combine(%c: i1, %m: memref<4xi32>, %x: i32) {
  %i = arith.constant 0 : index
  %j = arith.constant 1 : index
  scf.if %c {
    memref.store %x, %m[%i] : memref<4xi32>
  }
  scf.if %c {
    memref.store %x, %m[%j] : memref<4xi32>
  }
  return
}

// CHECK-LABEL: func.func @if_combine_nested(%arg0: i1, %arg1: i1, %arg2: memref<4xi32>, %arg3: i32) {
// CHECK-NEXT: %c0 = arith.constant 0 : index
// CHECK-NEXT: %0 = arith.andi %arg0, %arg1 : i1
// CHECK-NEXT: scf.if %0 {
// CHECK-NEXT: memref.store %arg3, %arg2[%c0] : memref<4xi32>
// CHECK-NEXT: }
// CHECK-NEXT: return
// CHECK-NEXT: }
func.func @if_combine_nested(%a: i1, %b: i1, %m: memref<4xi32>, %x: i32) {
  %i = arith.constant 0 : index
  scf.if %a {
    scf.if %b {
      memref.store %x, %m[%i] : memref<4xi32>
    }
  }
  return
}

// CHECK-LABEL: func.func @execute_region_single() -> i32 {
// CHECK-NEXT: %c5_i32 = arith.constant 5 : i32
// CHECK-NEXT: return %c5_i32 : i32
// CHECK-NEXT: }
func.func @execute_region_single() -> i32 {
  %r = scf.execute_region -> i32 {
    %c = arith.constant 5 : i32
    scf.yield %c : i32
  }
  return %r : i32
}

// CHECK-LABEL: func.func @execute_region_no_inline(%arg0: memref<4xi32>, %arg1: i32) {
// CHECK-NEXT: %c0 = arith.constant 0 : index
// CHECK-NEXT: scf.execute_region no_inline {
// CHECK-NEXT: memref.store %arg1, %arg0[%c0] : memref<4xi32>
// CHECK-NEXT: scf.yield
// CHECK-NEXT: }
// CHECK-NEXT: return
// CHECK-NEXT: }
func.func @execute_region_no_inline(%m: memref<4xi32>, %x: i32) {
  %i = arith.constant 0 : index
  scf.execute_region no_inline {
    memref.store %x, %m[%i] : memref<4xi32>
    scf.yield
  }
  return
}

// The inlined blocks then fold with cf's patterns (as in mlir-opt-14): the
// cond_br to one block becomes a select and the blocks merge.
// CHECK-LABEL: func.func @execute_region_multi(%arg0: i1, %arg1: i32, %arg2: i32) -> i32 {
// CHECK-NEXT: %0 = arith.select %arg0, %arg1, %arg2 : i32
// CHECK-NEXT: return %0 : i32
// CHECK-NEXT: }
func.func @execute_region_multi(%c: i1, %x: i32, %y: i32) -> i32 {
  %r = scf.execute_region -> i32 {
    cf.cond_br %c, ^bb1, ^bb2
  ^bb1:
    scf.yield %x : i32
  ^bb2:
    scf.yield %y : i32
  }
  return %r : i32
}

// CHECK-LABEL: func.func @for_zero_trip(%arg0: i32, %arg1: memref<4xi32>) -> i32 {
// CHECK-NEXT: return %arg0 : i32
// CHECK-NEXT: }
func.func @for_zero_trip(%x: i32, %m: memref<4xi32>) -> i32 {
  %c0 = arith.constant 0 : index
  %c4 = arith.constant 4 : index
  %c1 = arith.constant 1 : index
  %r = scf.for %i = %c4 to %c0 step %c1 iter_args(%a = %x) -> (i32) {
    memref.store %a, %m[%i] : memref<4xi32>
    scf.yield %a : i32
  }
  return %r : i32
}

// CHECK-LABEL: func.func @for_same_bounds(%arg0: index, %arg1: i32, %arg2: memref<4xi32>) -> i32 {
// CHECK-NEXT: return %arg1 : i32
// CHECK-NEXT: }
func.func @for_same_bounds(%n: index, %x: i32, %m: memref<4xi32>) -> i32 {
  %c1 = arith.constant 1 : index
  %r = scf.for %i = %n to %n step %c1 iter_args(%a = %x) -> (i32) {
    memref.store %a, %m[%i] : memref<4xi32>
    %b = arith.addi %a, %a : i32
    scf.yield %b : i32
  }
  return %r : i32
}

// CHECK-LABEL: func.func @for_one_trip(%arg0: i32, %arg1: memref<4xi32>) -> i32 {
// CHECK-NEXT: %c2 = arith.constant 2 : index
// CHECK-NEXT: memref.store %arg0, %arg1[%c2] : memref<4xi32>
// CHECK-NEXT: %0 = arith.addi %arg0, %arg0 : i32
// CHECK-NEXT: return %0 : i32
// CHECK-NEXT: }
func.func @for_one_trip(%x: i32, %m: memref<4xi32>) -> i32 {
  %c2 = arith.constant 2 : index
  %c3 = arith.constant 3 : index
  %c5 = arith.constant 5 : index
  %r = scf.for %i = %c2 to %c3 step %c5 iter_args(%a = %x) -> (i32) {
    memref.store %a, %m[%i] : memref<4xi32>
    %b = arith.addi %a, %a : i32
    scf.yield %b : i32
  }
  return %r : i32
}

// CHECK-LABEL: func.func @for_empty_body(%arg0: i32, %arg1: i32) -> i32 {
// CHECK-NEXT: return %arg1 : i32
// CHECK-NEXT: }
func.func @for_empty_body(%x: i32, %y: i32) -> i32 {
  %c0 = arith.constant 0 : index
  %c4 = arith.constant 4 : index
  %c1 = arith.constant 1 : index
  %r = scf.for %i = %c0 to %c4 step %c1 iter_args(%a = %x) -> (i32) {
    scf.yield %y : i32
  }
  return %r : i32
}

// CHECK-LABEL: func.func @for_iter_args(%arg0: index, %arg1: i32, %arg2: i32, %arg3: memref<4xi32>) -> (i32, i32, i32) {
// CHECK-NEXT: %c1 = arith.constant 1 : index
// CHECK-NEXT: %c0 = arith.constant 0 : index
// CHECK-NEXT: %0 = scf.for %arg4 = %c0 to %arg0 step %c1 iter_args(%arg5 = %arg2) -> (i32) {
// CHECK-NEXT: memref.store %arg1, %arg3[%arg4] : memref<4xi32>
// CHECK-NEXT: %1 = arith.addi %arg5, %arg5 : i32
// CHECK-NEXT: scf.yield %1 : i32
// CHECK-NEXT: }
// CHECK-NEXT: return %arg1, %arg2, %0 : i32, i32, i32
// CHECK-NEXT: }
func.func @for_iter_args(%n: index, %x: i32, %y: i32, %m: memref<4xi32>) -> (i32, i32, i32) {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %r:4 = scf.for %i = %c0 to %n step %c1 iter_args(%a = %x, %b = %y, %c = %x, %d = %y) -> (i32, i32, i32, i32) {
    memref.store %a, %m[%i] : memref<4xi32>
    %s = arith.addi %d, %d : i32
    scf.yield %a, %y, %s, %s : i32, i32, i32, i32
  }
  return %r#0, %r#1, %r#3 : i32, i32, i32
}

// CHECK-LABEL: func.func @for_integer_bounds(%arg0: i32, %arg1: memref<4xi32>) -> i32 {
// CHECK-NEXT: return %arg0 : i32
// CHECK-NEXT: }
func.func @for_integer_bounds(%x: i32, %m: memref<4xi32>) -> i32 {
  %c0 = arith.constant 0 : i32
  %c1 = arith.constant 1 : i32
  %r = scf.for %i = %c0 to %c1 step %c1 iter_args(%a = %x) -> (i32) : i32 {
    %b = arith.addi %a, %i : i32
    scf.yield %b : i32
  }
  return %r : i32
}

// CHECK-LABEL: func.func @while_condition_truth(%arg0: i32, %arg1: memref<4xi1>) {
// CHECK-NEXT: %true = arith.constant true
// CHECK-NEXT: %c0 = arith.constant 0 : index
// CHECK-NEXT: %c1_i32 = arith.constant 1 : i32
// CHECK-NEXT: %c0_i32 = arith.constant 0 : i32
// CHECK-NEXT: %0 = scf.while (%arg2 = %c0_i32) : (i32) -> i32 {
// CHECK-NEXT: %1 = arith.cmpi slt, %arg2, %arg0 : i32
// CHECK-NEXT: scf.condition(%1) %arg2 : i32
// CHECK-NEXT: } do {
// CHECK-NEXT: ^bb0(%arg2: i32):
// CHECK-NEXT: memref.store %true, %arg1[%c0] : memref<4xi1>
// CHECK-NEXT: %1 = arith.addi %arg2, %c1_i32 : i32
// CHECK-NEXT: scf.yield %1 : i32
// CHECK-NEXT: }
// CHECK-NEXT: return
// CHECK-NEXT: }
func.func @while_condition_truth(%n: i32, %m: memref<4xi1>) {
  %c0 = arith.constant 0 : i32
  %c1 = arith.constant 1 : i32
  %i0 = arith.constant 0 : index
  %r:2 = scf.while (%a = %c0) : (i32) -> (i32, i1) {
    %b = arith.cmpi slt, %a, %n : i32
    scf.condition(%b) %a, %b : i32, i1
  } do {
  ^bb0(%a: i32, %b: i1):
    memref.store %b, %m[%i0] : memref<4xi1>
    %s = arith.addi %a, %c1 : i32
    scf.yield %s : i32
  }
  return
}

// CHECK-LABEL: func.func @while_cmp_cond(%arg0: i32, %arg1: memref<4xi1>) -> i32 {
// CHECK-NEXT: %false = arith.constant false
// CHECK-NEXT: %true = arith.constant true
// CHECK-NEXT: %c0 = arith.constant 0 : index
// CHECK-NEXT: %c1_i32 = arith.constant 1 : i32
// CHECK-NEXT: %c0_i32 = arith.constant 0 : i32
// CHECK-NEXT: %0 = scf.while (%arg2 = %c0_i32) : (i32) -> i32 {
// CHECK-NEXT: %1 = arith.cmpi slt, %arg2, %arg0 : i32
// CHECK-NEXT: scf.condition(%1) %arg2 : i32
// CHECK-NEXT: } do {
// CHECK-NEXT: ^bb0(%arg2: i32):
// CHECK-NEXT: memref.store %true, %arg1[%c0] : memref<4xi1>
// CHECK-NEXT: memref.store %false, %arg1[%c0] : memref<4xi1>
// CHECK-NEXT: %1 = arith.addi %arg2, %c1_i32 : i32
// CHECK-NEXT: scf.yield %1 : i32
// CHECK-NEXT: }
// CHECK-NEXT: return %0 : i32
// CHECK-NEXT: }
func.func @while_cmp_cond(%n: i32, %m: memref<4xi1>) -> i32 {
  %c0 = arith.constant 0 : i32
  %c1 = arith.constant 1 : i32
  %i0 = arith.constant 0 : index
  %r = scf.while (%a = %c0) : (i32) -> i32 {
    %b = arith.cmpi slt, %a, %n : i32
    scf.condition(%b) %a : i32
  } do {
  ^bb0(%a: i32):
    %b = arith.cmpi slt, %a, %n : i32
    %nb = arith.cmpi sge, %a, %n : i32
    memref.store %b, %m[%i0] : memref<4xi1>
    memref.store %nb, %m[%i0] : memref<4xi1>
    %s = arith.addi %a, %c1 : i32
    scf.yield %s : i32
  }
  return %r : i32
}

// CHECK-LABEL: func.func @parallel_empty(%arg0: index, %arg1: memref<8xi32>, %arg2: i32) {
// CHECK-NEXT: return
// CHECK-NEXT: }
func.func @parallel_empty(%n: index, %m: memref<8xi32>, %x: i32) {
  %c1 = arith.constant 1 : index
  scf.parallel (%i) = (%n) to (%n) step (%c1) {
    memref.store %x, %m[%i] : memref<8xi32>
  }
  return
}

// CHECK-LABEL: func.func @parallel_single_iteration(%arg0: memref<8x8xi32>, %arg1: i32, %arg2: index) {
// CHECK-NEXT: %c3 = arith.constant 3 : index
// CHECK-NEXT: %c1 = arith.constant 1 : index
// CHECK-NEXT: %c0 = arith.constant 0 : index
// CHECK-NEXT: scf.parallel (%arg3) = (%c0) to (%arg2) step (%c1) {
// CHECK-NEXT: memref.store %arg1, %arg0[%c3, %arg3] : memref<8x8xi32>
// CHECK-NEXT: scf.reduce
// CHECK-NEXT: }
// CHECK-NEXT: return
// CHECK-NEXT: }
func.func @parallel_single_iteration(%m: memref<8x8xi32>, %x: i32, %n: index) {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c3 = arith.constant 3 : index
  %c4 = arith.constant 4 : index
  scf.parallel (%i, %j) = (%c3, %c0) to (%c4, %n) step (%c1, %c1) {
    memref.store %x, %m[%i, %j] : memref<8x8xi32>
  }
  return
}

// CHECK-LABEL: func.func @parallel_single_iteration_reduce(%arg0: f32) -> f32 {
// CHECK-NEXT: %0 = arith.addf %arg0, %arg0 : f32
// CHECK-NEXT: %1 = arith.mulf %arg0, %0 : f32
// CHECK-NEXT: return %1 : f32
// CHECK-NEXT: }
func.func @parallel_single_iteration_reduce(%x: f32) -> f32 {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %r = scf.parallel (%i) = (%c0) to (%c1) step (%c1) init (%x) -> f32 {
    %v = arith.addf %x, %x : f32
    scf.reduce(%v : f32) {
    ^bb0(%l: f32, %q: f32):
      %s = arith.mulf %l, %q : f32
      scf.reduce.return %s : f32
    }
  }
  return %r : f32
}

// CHECK-LABEL: func.func @parallel_merge(%arg0: index, %arg1: memref<8x8xi32>, %arg2: i32) {
// CHECK-NEXT: %c1 = arith.constant 1 : index
// CHECK-NEXT: %c0 = arith.constant 0 : index
// CHECK-NEXT: scf.parallel (%arg3, %arg4) = (%c0, %c0) to (%arg0, %arg0) step (%c1, %c1) {
// CHECK-NEXT: memref.store %arg2, %arg1[%arg3, %arg4] : memref<8x8xi32>
// CHECK-NEXT: scf.reduce
// CHECK-NEXT: }
// CHECK-NEXT: return
// CHECK-NEXT: }
func.func @parallel_merge(%n: index, %m: memref<8x8xi32>, %x: i32) {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  scf.parallel (%i) = (%c0) to (%n) step (%c1) {
    scf.parallel (%j) = (%c0) to (%n) step (%c1) {
      memref.store %x, %m[%i, %j] : memref<8x8xi32>
    }
  }
  return
}

