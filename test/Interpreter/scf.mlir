// scf ops: loops with iteration arguments, while, if, execute_region,
// index_switch and parallel loops with reductions.  Expected values by hand.
// sum of 0..9 = 45; Fibonacci pairs through swapped iteration arguments: fib(10) = 55.
// RUN: strata-run %s --entry=for_sum --arg=index:10 | FileCheck %s --check-prefix=FOR
// FOR: index:45
// FOR-NEXT: i32:55
// A loop whose bounds are empty runs no trip and returns its inits.
// RUN: strata-run %s --entry=for_sum --arg=index:-3 | FileCheck %s --check-prefix=EMPTY
// EMPTY: index:0
// EMPTY-NEXT: i32:0
// i8 bounds, step 123: from -5 to 5 signed runs -5 (then 118): 1 trip;
// unsigned, -5 is 251, above 5: no trip.  From 5 to -5: no trip signed;
// unsigned 5, 128 (then 251, not below 251): 2 trips.
// RUN: strata-run %s --entry=for_i8 --arg=i8:-5 --arg=i8:5 | FileCheck %s --check-prefix=SIGNED
// SIGNED: i8:1
// SIGNED-NEXT: i8:0
// RUN: strata-run %s --entry=for_i8 --arg=i8:5 --arg=i8:-5 | FileCheck %s --check-prefix=UNSIGNED
// UNSIGNED: i8:0
// UNSIGNED-NEXT: i8:2
// Collatz steps from 27: 111.
// RUN: strata-run %s --entry=collatz --arg=i64:27 | FileCheck %s --check-prefix=WHILE
// WHILE: i64:111
// RUN: strata-run %s --entry=ifs --arg=i1:1 | FileCheck %s --check-prefix=IF1
// IF1: i32:10
// IF1-NEXT: i32:1
// RUN: strata-run %s --entry=ifs --arg=i1:0 | FileCheck %s --check-prefix=IF0
// IF0: i32:20
// IF0-NEXT: i32:0
// RUN: strata-run %s --entry=region --arg=i32:-7 | FileCheck %s --check-prefix=REGION
// REGION: i32:7
// RUN: strata-run %s --entry=switch --arg=index:2 | FileCheck %s --check-prefix=SW2
// SW2: i32:200
// RUN: strata-run %s --entry=switch --arg=index:9 | FileCheck %s --check-prefix=SWD
// SWD: i32:-1
// sum over i < 3, j < 4 of i*j = (0+1+2)(0+1+2+3) = 18; max of i+j = 5; the
// iterations in row-major order make 0,1,2,3,10,11,...: the last one is 23.
// RUN: strata-run %s --entry=par --arg=index:3 --arg=index:4 | FileCheck %s --check-prefix=PAR
// PAR: f32:18
// PAR-NEXT: index:5
// PAR-NEXT: index:23
// RUN: strata-run %s --entry=par --arg=index:0 --arg=index:4 | FileCheck %s --check-prefix=PAR0
// PAR0: f32:0
// PAR0-NEXT: index:-1
// PAR0-NEXT: index:-1
// A step that is not positive, and poison bounds or conditions, are undefined.
// RUN: not strata-run %s --entry=bad_step --arg=index:0 2>&1 | FileCheck %s --check-prefix=STEP
// RUN: not strata-run %s --entry=bad_par_step --arg=index:-1 2>&1 | FileCheck %s --check-prefix=PSTEP
// RUN: not strata-run %s --entry=poison_bound --arg=index:1 2>&1 | FileCheck %s --check-prefix=BOUND
// RUN: not strata-run %s --entry=poison_if --arg=i32:1 2>&1 | FileCheck %s --check-prefix=PIF
// RUN: not strata-run %s --entry=poison_while --arg=i32:1 2>&1 | FileCheck %s --check-prefix=PWHILE
// RUN: not strata-run %s --entry=poison_switch --arg=index:1 2>&1 | FileCheck %s --check-prefix=PSWITCH

func.func @for_sum(%n: index) -> (index, i32) {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %z = arith.constant 0 : i32
  %one = arith.constant 1 : i32
  %s = scf.for %i = %c0 to %n step %c1 iter_args(%acc = %c0) -> (index) {
    %t = arith.addi %acc, %i : index
    scf.yield %t : index
  }
  %f:2 = scf.for %i = %c0 to %n step %c1 iter_args(%a = %z, %b = %one) -> (i32, i32) {
    %c = arith.addi %a, %b : i32
    scf.yield %b, %c : i32, i32
  }
  return %s, %f#0 : index, i32
}
// Trips with signed, then unsigned comparison.
func.func @for_i8(%lb: i8, %ub: i8) -> (i8, i8) {
  %step = arith.constant 123 : i8
  %z = arith.constant 0 : i8
  %one = arith.constant 1 : i8
  %n = scf.for %i = %lb to %ub step %step iter_args(%k = %z) -> (i8) : i8 {
    %k2 = arith.addi %k, %one : i8
    scf.yield %k2 : i8
  }
  %u = scf.for unsigned %i = %lb to %ub step %step iter_args(%k = %z) -> (i8) : i8 {
    %k2 = arith.addi %k, %one : i8
    scf.yield %k2 : i8
  }
  return %n, %u : i8, i8
}
func.func @collatz(%x: i64) -> i64 {
  %c0 = arith.constant 0 : i64
  %c1 = arith.constant 1 : i64
  %c2 = arith.constant 2 : i64
  %c3 = arith.constant 3 : i64
  %r:2 = scf.while (%v = %x, %n = %c0) : (i64, i64) -> (i64, i64) {
    %more = arith.cmpi ne, %v, %c1 : i64
    scf.condition(%more) %v, %n : i64, i64
  } do {
  ^bb0(%v: i64, %n: i64):
    %odd = arith.andi %v, %c1 : i64
    %isodd = arith.cmpi ne, %odd, %c0 : i64
    %next = scf.if %isodd -> (i64) {
      %t = arith.muli %v, %c3 : i64
      %t1 = arith.addi %t, %c1 : i64
      scf.yield %t1 : i64
    } else {
      %h = arith.divui %v, %c2 : i64
      scf.yield %h : i64
    }
    %n1 = arith.addi %n, %c1 : i64
    scf.yield %next, %n1 : i64, i64
  }
  return %r#1 : i64
}
// An if with results, and one without an else that changes nothing.
func.func @ifs(%c: i1) -> (i32, i32) {
  %c10 = arith.constant 10 : i32
  %c20 = arith.constant 20 : i32
  %r = scf.if %c -> (i32) {
    scf.yield %c10 : i32
  } else {
    scf.yield %c20 : i32
  }
  %m = memref.alloca() : memref<i32>
  %z = arith.constant 0 : i32
  %one = arith.constant 1 : i32
  memref.store %z, %m[] : memref<i32>
  scf.if %c {
    memref.store %one, %m[] : memref<i32>
  }
  %v = memref.load %m[] : memref<i32>
  return %r, %v : i32, i32
}
// |x| through a region of several blocks.
func.func @region(%x: i32) -> i32 {
  %r = scf.execute_region -> i32 {
    %z = arith.constant 0 : i32
    %neg = arith.cmpi slt, %x, %z : i32
    cf.cond_br %neg, ^n, ^p
  ^n:
    %m = arith.subi %z, %x : i32
    scf.yield %m : i32
  ^p:
    scf.yield %x : i32
  }
  return %r : i32
}
func.func @switch(%i: index) -> i32 {
  %r = scf.index_switch %i -> i32
  case 1 {
    %c = arith.constant 100 : i32
    scf.yield %c : i32
  }
  case 2 {
    %c = arith.constant 200 : i32
    scf.yield %c : i32
  }
  default {
    %c = arith.constant -1 : i32
    scf.yield %c : i32
  }
  return %r : i32
}
// Reductions: sum of i*j (f32), max of i+j, and the last index i*10+j
// visited (max of a running counter written to memory).
func.func @par(%n: index, %m: index) -> (f32, index, index) {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c10 = arith.constant 10 : index
  %f0 = arith.constant 0.0 : f32
  %neg = arith.constant -1 : index
  %last = memref.alloca() : memref<index>
  memref.store %neg, %last[] : memref<index>
  %r:2 = scf.parallel (%i, %j) = (%c0, %c0) to (%n, %m) step (%c1, %c1) init (%f0, %neg) -> (f32, index) {
    %ii = arith.index_cast %i : index to i32
    %jj = arith.index_cast %j : index to i32
    %p = arith.muli %ii, %jj : i32
    %f = arith.sitofp %p : i32 to f32
    %s = arith.addi %i, %j : index
    %t = arith.muli %i, %c10 : index
    %id = arith.addi %t, %j : index
    memref.store %id, %last[] : memref<index>
    scf.reduce(%f, %s : f32, index) {
    ^bb0(%a: f32, %b: f32):
      %x = arith.addf %a, %b : f32
      scf.reduce.return %x : f32
    }, {
    ^bb0(%a: index, %b: index):
      %x = arith.maxsi %a, %b : index
      scf.reduce.return %x : index
    }
  }
  %l = memref.load %last[] : memref<index>
  return %r#0, %r#1, %l : f32, index, index
}
func.func @bad_step(%s: index) {
  %c0 = arith.constant 0 : index
  %c4 = arith.constant 4 : index
  // STEP: scf.mlir:[[@LINE+1]]:3: error: undefined behaviour: step 0 of 'scf.for' is not positive
  scf.for %i = %c0 to %c4 step %s {
  }
  return
}
func.func @bad_par_step(%s: index) {
  %c0 = arith.constant 0 : index
  %c4 = arith.constant 4 : index
  // PSTEP: scf.mlir:[[@LINE+1]]:3: error: undefined behaviour: step -1 of 'scf.parallel' is not positive
  scf.parallel (%i) = (%c0) to (%c4) step (%s) {
    scf.reduce
  }
  return
}
func.func @poison_bound(%n: index) {
  %c0 = arith.constant 0 : index
  %c64 = arith.constant 64 : index
  %p = arith.shli %n, %c64 : index
  // BOUND: scf.mlir:[[@LINE+1]]:3: error: undefined behaviour: poison value used as the upper bound of 'scf.for'
  scf.for %i = %c0 to %p step %n {
  }
  return
}
func.func @poison_if(%x: i32) {
  %c32 = arith.constant 32 : i32
  %p = arith.shli %x, %c32 : i32
  %b = arith.trunci %p : i32 to i1
  // PIF: scf.mlir:[[@LINE+1]]:3: error: undefined behaviour: poison value used as the condition of 'scf.if'
  scf.if %b {
  }
  return
}
func.func @poison_while(%x: i32) {
  %c32 = arith.constant 32 : i32
  %p = arith.shli %x, %c32 : i32
  %b = arith.trunci %p : i32 to i1
  scf.while : () -> () {
    // PWHILE: scf.mlir:[[@LINE+1]]:5: error: undefined behaviour: poison value used as the condition of 'scf.condition'
    scf.condition(%b)
  } do {
    scf.yield
  }
  return
}
func.func @poison_switch(%i: index) {
  %c64 = arith.constant 64 : index
  %p = arith.shli %i, %c64 : index
  // PSWITCH: scf.mlir:[[@LINE+1]]:3: error: undefined behaviour: poison value used as the argument of 'scf.index_switch'
  scf.index_switch %p
  default {
    scf.yield
  }
  return
}
