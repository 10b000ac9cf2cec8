// Round trip of every scf op in its custom form, as mlir-opt prints it:
// scf.for with and without iter_args (the empty scf.yield implicit when
// there are none), integer bounds (` : i32`, with MLIR's two spaces) and
// `unsigned`; scf.if with and without else and results; scf.while with its
// functional type and `attributes`; scf.execute_region (multi-block,
// no_inline); scf.parallel with its scf.reduce terminator (empty, several
// reduction regions); scf.index_switch (negative cases, the default region's
// empty yield implicit, a case region's printed).  The first print is
// checked line by line; fixed-point.sh checks that printing it again gives
// the same text, in custom and generic form.
// RUN: strata-opt %s | FileCheck %s
// RUN: bash %S/../../IR/Inputs/fixed-point.sh strata-opt %s %t

// CHECK-LABEL: func.func @for_loops(%arg0: index, %arg1: index, %arg2: index, %arg3: f32, %arg4: i32) -> (f32, i32) {
// CHECK-NEXT: scf.for %arg5 = %arg0 to %arg1 step %arg2 {
// CHECK-NEXT: %3 = arith.addi %arg5, %arg5 : index
// CHECK-NEXT: }
// CHECK-NEXT: scf.for %arg5 = %arg0 to %arg1 step %arg2 {
// CHECK-NEXT: }
// CHECK-NEXT: %0 = scf.for %arg5 = %arg0 to %arg1 step %arg2 iter_args(%arg6 = %arg3) -> (f32) {
// CHECK-NEXT: %3 = arith.addf %arg6, %arg6 : f32
// CHECK-NEXT: scf.yield %3 : f32
// CHECK-NEXT: }
// CHECK-NEXT: %1:2 = scf.for %arg5 = %arg0 to %arg1 step %arg2 iter_args(%arg6 = %0, %arg7 = %arg4) -> (f32, i32) {
// CHECK-NEXT: scf.yield %arg6, %arg7 : f32, i32
// CHECK-NEXT: } {foo.tag}
// CHECK-NEXT: %c0_i32 = arith.constant 0 : i32
// CHECK-NEXT: %c8_i32 = arith.constant 8 : i32
// CHECK-NEXT: %c1_i32 = arith.constant 1 : i32
// CHECK-NEXT: %2 = scf.for %arg5 = %c0_i32 to %c8_i32 step %c1_i32 iter_args(%arg6 = %c0_i32) -> (i32)  : i32 {
// CHECK-NEXT: %3 = arith.addi %arg6, %arg5 : i32
// CHECK-NEXT: scf.yield %3 : i32
// CHECK-NEXT: }
// CHECK-NEXT: scf.for unsigned %arg5 = %c0_i32 to %c8_i32 step %c1_i32  : i32 {
// CHECK-NEXT: }
// CHECK-NEXT: return %1#0, %2 : f32, i32
// CHECK-NEXT: }
func.func @for_loops(%lb: index, %ub: index, %step: index, %x: f32, %y: i32) -> (f32, i32) {
  scf.for %i = %lb to %ub step %step {
    %t = arith.addi %i, %i : index
  }
  scf.for %i = %lb to %ub step %step {
  }
  %r = scf.for %i = %lb to %ub step %step iter_args(%a = %x) -> (f32) {
    %s = arith.addf %a, %a : f32
    scf.yield %s : f32
  }
  %p:2 = scf.for %i = %lb to %ub step %step iter_args(%a = %r, %b = %y) -> (f32, i32) {
    scf.yield %a, %b : f32, i32
  } {foo.tag}
  %c0 = arith.constant 0 : i32
  %c8 = arith.constant 8 : i32
  %c1 = arith.constant 1 : i32
  %q = scf.for %i = %c0 to %c8 step %c1 iter_args(%acc = %c0) -> (i32) : i32 {
    %s = arith.addi %acc, %i : i32
    scf.yield %s : i32
  }
  scf.for unsigned %i = %c0 to %c8 step %c1 : i32 {
  }
  return %p#0, %q : f32, i32
}

// CHECK-LABEL: func.func @ifs(%arg0: i1, %arg1: f32, %arg2: f32) -> f32 {
// CHECK-NEXT: scf.if %arg0 {
// CHECK-NEXT: %2 = arith.addf %arg1, %arg2 : f32
// CHECK-NEXT: }
// CHECK-NEXT: scf.if %arg0 {
// CHECK-NEXT: } else {
// CHECK-NEXT: %2 = arith.mulf %arg1, %arg2 : f32
// CHECK-NEXT: }
// CHECK-NEXT: %0 = scf.if %arg0 -> (f32) {
// CHECK-NEXT: scf.yield %arg1 : f32
// CHECK-NEXT: } else {
// CHECK-NEXT: scf.yield %arg2 : f32
// CHECK-NEXT: }
// CHECK-NEXT: %1:2 = scf.if %arg0 -> (f32, i1) {
// CHECK-NEXT: scf.yield %arg1, %arg0 : f32, i1
// CHECK-NEXT: } else {
// CHECK-NEXT: scf.yield %arg2, %arg0 : f32, i1
// CHECK-NEXT: } {foo.tag}
// CHECK-NEXT: return %1#0 : f32
// CHECK-NEXT: }
func.func @ifs(%c: i1, %x: f32, %y: f32) -> f32 {
  scf.if %c {
    %t = arith.addf %x, %y : f32
  }
  scf.if %c {
  } else {
    %t = arith.mulf %x, %y : f32
  }
  %r = scf.if %c -> (f32) {
    scf.yield %x : f32
  } else {
    scf.yield %y : f32
  }
  %s:2 = scf.if %c -> (f32, i1) {
    scf.yield %x, %c : f32, i1
  } else {
    scf.yield %y, %c : f32, i1
  } {foo.tag}
  return %s#0 : f32
}

// CHECK-LABEL: func.func @whiles(%arg0: i1, %arg1: f32) -> f32 {
// CHECK-NEXT: scf.while : () -> () {
// CHECK-NEXT: scf.condition(%arg0)
// CHECK-NEXT: } do {
// CHECK-NEXT: scf.yield
// CHECK-NEXT: }
// CHECK-NEXT: %0:2 = scf.while (%arg2 = %arg1, %arg3 = %arg0) : (f32, i1) -> (f32, i1) {
// CHECK-NEXT: scf.condition(%arg3) %arg2, %arg3 : f32, i1
// CHECK-NEXT: } do {
// CHECK-NEXT: ^bb0(%arg2: f32, %arg3: i1):
// CHECK-NEXT: scf.yield %arg2, %arg3 : f32, i1
// CHECK-NEXT: } attributes {foo.tag}
// CHECK-NEXT: %1 = scf.while (%arg2 = %arg1) : (f32) -> i1 {
// CHECK-NEXT: scf.condition(%arg0) %arg0 : i1
// CHECK-NEXT: } do {
// CHECK-NEXT: ^bb0(%arg2: i1):
// CHECK-NEXT: scf.yield %arg1 : f32
// CHECK-NEXT: }
// CHECK-NEXT: return %0#0 : f32
// CHECK-NEXT: }
func.func @whiles(%c: i1, %x: f32) -> f32 {
  scf.while : () -> () {
    scf.condition(%c)
  } do {
    scf.yield
  }
  %r:2 = scf.while (%a = %x, %b = %c) : (f32, i1) -> (f32, i1) {
    scf.condition(%b) %a, %b : f32, i1
  } do {
  ^bb0(%a2: f32, %b2: i1):
    scf.yield %a2, %b2 : f32, i1
  } attributes {foo.tag}
  %w = scf.while (%a = %x) : (f32) -> i1 {
    scf.condition(%c) %c : i1
  } do {
  ^bb0(%d: i1):
    scf.yield %x : f32
  }
  return %r#0 : f32
}

// CHECK-LABEL: func.func @execute_regions(%arg0: i1) -> i32 {
// CHECK-NEXT: %0 = scf.execute_region -> i32 {
// CHECK-NEXT: %c1_i32 = arith.constant 1 : i32
// CHECK-NEXT: cf.cond_br %arg0, ^bb1, ^bb2
// CHECK-NEXT: ^bb1:  // pred: ^bb0
// CHECK-NEXT: scf.yield %c1_i32 : i32
// CHECK-NEXT: ^bb2:  // pred: ^bb0
// CHECK-NEXT: scf.yield %c1_i32 : i32
// CHECK-NEXT: }
// CHECK-NEXT: %1:2 = scf.execute_region -> (i32, i1) no_inline {
// CHECK-NEXT: scf.yield %0, %arg0 : i32, i1
// CHECK-NEXT: } {foo.tag}
// CHECK-NEXT: scf.execute_region {
// CHECK-NEXT: scf.yield
// CHECK-NEXT: }
// CHECK-NEXT: return %1#0 : i32
// CHECK-NEXT: }
func.func @execute_regions(%c: i1) -> i32 {
  %e = scf.execute_region -> i32 {
    %z = arith.constant 1 : i32
    cf.cond_br %c, ^bb1, ^bb2
  ^bb1:
    scf.yield %z : i32
  ^bb2:
    scf.yield %z : i32
  }
  %f:2 = scf.execute_region -> (i32, i1) no_inline {
    scf.yield %e, %c : i32, i1
  } {foo.tag}
  scf.execute_region {
    scf.yield
  }
  return %f#0 : i32
}

// CHECK-LABEL: func.func @parallels(%arg0: index, %arg1: index, %arg2: index, %arg3: f32, %arg4: i32) -> (f32, i32) {
// CHECK-NEXT: scf.parallel (%arg5) = (%arg0) to (%arg1) step (%arg2) {
// CHECK-NEXT: scf.reduce
// CHECK-NEXT: }
// CHECK-NEXT: scf.parallel (%arg5, %arg6) = (%arg0, %arg0) to (%arg1, %arg1) step (%arg2, %arg2) {
// CHECK-NEXT: %2 = arith.addi %arg5, %arg6 : index
// CHECK-NEXT: scf.reduce
// CHECK-NEXT: } {foo.tag}
// CHECK-NEXT: %0:2 = scf.parallel (%arg5) = (%arg0) to (%arg1) step (%arg2) init (%arg3, %arg4) -> (f32, i32) {
// CHECK-NEXT: scf.reduce(%arg3, %arg4 : f32, i32) {
// CHECK-NEXT: ^bb0(%arg6: f32, %arg7: f32):
// CHECK-NEXT: %2 = arith.addf %arg6, %arg7 : f32
// CHECK-NEXT: scf.reduce.return %2 : f32
// CHECK-NEXT: }, {
// CHECK-NEXT: ^bb0(%arg6: i32, %arg7: i32):
// CHECK-NEXT: %2 = arith.addi %arg6, %arg7 : i32
// CHECK-NEXT: scf.reduce.return %2 : i32
// CHECK-NEXT: }
// CHECK-NEXT: }
// CHECK-NEXT: %1 = scf.parallel (%arg5) = (%arg0) to (%arg1) step (%arg2) init (%arg3) -> f32 {
// CHECK-NEXT: scf.reduce(%arg3 : f32) {
// CHECK-NEXT: ^bb0(%arg6: f32, %arg7: f32):
// CHECK-NEXT: scf.reduce.return %arg6 : f32
// CHECK-NEXT: }
// CHECK-NEXT: }
// CHECK-NEXT: return %0#0, %0#1 : f32, i32
// CHECK-NEXT: }
func.func @parallels(%lb: index, %ub: index, %s: index, %x: f32, %y: i32) -> (f32, i32) {
  scf.parallel (%i) = (%lb) to (%ub) step (%s) {
  }
  scf.parallel (%i, %j) = (%lb, %lb) to (%ub, %ub) step (%s, %s) {
    %t = arith.addi %i, %j : index
    scf.reduce
  } {foo.tag}
  %r:2 = scf.parallel (%i) = (%lb) to (%ub) step (%s) init (%x, %y) -> (f32, i32) {
    scf.reduce(%x, %y : f32, i32) {
    ^bb0(%l: f32, %m: f32):
      %t = arith.addf %l, %m : f32
      scf.reduce.return %t : f32
    }, {
    ^bb0(%l: i32, %m: i32):
      %t = arith.addi %l, %m : i32
      scf.reduce.return %t : i32
    }
  }
  %one = scf.parallel (%i) = (%lb) to (%ub) step (%s) init (%x) -> f32 {
    scf.reduce(%x : f32) {
    ^bb0(%l: f32, %m: f32):
      scf.reduce.return %l : f32
    }
  }
  return %r#0, %r#1 : f32, i32
}

// CHECK-LABEL: func.func @switches(%arg0: index) -> i32 {
// CHECK-NEXT: %0 = scf.index_switch %arg0 -> i32
// CHECK-NEXT: case 2 {
// CHECK-NEXT: %c10_i32 = arith.constant 10 : i32
// CHECK-NEXT: scf.yield %c10_i32 : i32
// CHECK-NEXT: }
// CHECK-NEXT: case -5 {
// CHECK-NEXT: %c20_i32 = arith.constant 20 : i32
// CHECK-NEXT: scf.yield %c20_i32 : i32
// CHECK-NEXT: }
// CHECK-NEXT: default {
// CHECK-NEXT: %c30_i32 = arith.constant 30 : i32
// CHECK-NEXT: scf.yield %c30_i32 : i32
// CHECK-NEXT: }
// CHECK-NEXT: scf.index_switch %arg0
// CHECK-NEXT: case 1 {
// CHECK-NEXT: scf.yield
// CHECK-NEXT: }
// CHECK-NEXT: default {
// CHECK-NEXT: }
// CHECK-NEXT: scf.index_switch %arg0 {foo.tag}
// CHECK-NEXT: default {
// CHECK-NEXT: }
// CHECK-NEXT: return %0 : i32
// CHECK-NEXT: }
func.func @switches(%i: index) -> i32 {
  %r = scf.index_switch %i -> i32
  case 2 {
    %c10 = arith.constant 10 : i32
    scf.yield %c10 : i32
  }
  case -5 {
    %c20 = arith.constant 20 : i32
    scf.yield %c20 : i32
  }
  default {
    %c30 = arith.constant 30 : i32
    scf.yield %c30 : i32
  }
  scf.index_switch %i
  case 1 {
    scf.yield
  }
  default {
  }
  scf.index_switch %i {foo.tag}
  default {
  }
  return %r : i32
}

