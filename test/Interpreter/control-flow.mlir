// cf branches: block arguments are assigned in parallel (a swap through a
// loop header works), cf.switch picks a case or the default, calls recurse
// and go through function values.
// gcd(1071, 462) = 21 by Euclid's loop, swapping its two block arguments.
// RUN: strata-run %s --entry=gcd --arg=i32:1071 --arg=i32:462 | FileCheck %s --check-prefix=GCD
// GCD: i32:21
// RUN: strata-run %s --entry=switch --arg=i32:5 | FileCheck %s --check-prefix=SW5
// SW5: i32:50
// RUN: strata-run %s --entry=switch --arg=i32:-1 | FileCheck %s --check-prefix=SWM1
// SWM1: i32:-10
// RUN: strata-run %s --entry=switch --arg=i32:7 | FileCheck %s --check-prefix=SWDEF
// SWDEF: i32:7
// fib(20) = 6765 with two recursive calls per level.
// RUN: strata-run %s --entry=fib --arg=i64:20 | FileCheck %s --check-prefix=FIB
// FIB: i64:6765
// RUN: strata-run %s --entry=indirect --arg=i1:1 --arg=i32:4 | FileCheck %s --check-prefix=IND1
// IND1: i32:8
// RUN: strata-run %s --entry=indirect --arg=i1:0 --arg=i32:4 | FileCheck %s --check-prefix=IND0
// IND0: i32:16
// A function value can be returned too.
// RUN: strata-run %s --entry=pick --arg=i1:1 | FileCheck %s --check-prefix=PICK
// PICK: (i32) -> i32:@double
// RUN: strata-run %s --entry=assert_ok --arg=i32:3 | FileCheck %s --check-prefix=ASSERT
// ASSERT: i32:3

func.func @gcd(%a: i32, %b: i32) -> i32 {
  %c0 = arith.constant 0 : i32
  cf.br ^head(%a, %b : i32, i32)
^head(%x: i32, %y: i32):
  %done = arith.cmpi eq, %y, %c0 : i32
  cf.cond_br %done, ^exit, ^body
^body:
  %r = arith.remui %x, %y : i32
  cf.br ^head(%y, %r : i32, i32)
^exit:
  return %x : i32
}
func.func @switch(%f: i32) -> i32 {
  %c10 = arith.constant 10 : i32
  %m10 = arith.constant -10 : i32
  cf.switch %f : i32, [
    default: ^d(%f : i32),
    5: ^five,
    -1: ^d(%m10 : i32)
  ]
^five:
  %r = arith.muli %f, %c10 : i32
  return %r : i32
^d(%v: i32):
  return %v : i32
}
func.func @fib(%n: i64) -> i64 {
  %c2 = arith.constant 2 : i64
  %c1 = arith.constant 1 : i64
  %small = arith.cmpi slt, %n, %c2 : i64
  cf.cond_br %small, ^base, ^rec
^base:
  return %n : i64
^rec:
  %n1 = arith.subi %n, %c1 : i64
  %n2 = arith.subi %n, %c2 : i64
  %f1 = func.call @fib(%n1) : (i64) -> i64
  %f2 = func.call @fib(%n2) : (i64) -> i64
  %s = arith.addi %f1, %f2 : i64
  return %s : i64
}
func.func @double(%x: i32) -> i32 {
  %r = arith.addi %x, %x : i32
  return %r : i32
}
func.func @square(%x: i32) -> i32 {
  %r = arith.muli %x, %x : i32
  return %r : i32
}
func.func @pick(%c: i1) -> ((i32) -> i32) {
  %d = func.constant @double : (i32) -> i32
  %s = func.constant @square : (i32) -> i32
  %f = arith.select %c, %d, %s : (i32) -> i32
  return %f : (i32) -> i32
}
func.func @indirect(%c: i1, %x: i32) -> i32 {
  %f = func.call @pick(%c) : (i1) -> ((i32) -> i32)
  %r = func.call_indirect %f(%x) : (i32) -> i32
  return %r : i32
}
func.func @assert_ok(%x: i32) -> i32 {
  %c0 = arith.constant 0 : i32
  %pos = arith.cmpi sgt, %x, %c0 : i32
  cf.assert %pos, "x must be positive"
  return %x : i32
}
// A flag wider than 64 bits, which only the generic form can write (dense
// elements hold at most 64 bits, so such a switch has no cases).
// RUN: strata-run %s --entry=wide_switch --arg=i65:-1 | FileCheck %s --check-prefix=WIDE
// WIDE: i32:0
func.func @wide_switch(%f: i65) -> i32 {
  %c0 = arith.constant 0 : i32
  "cf.switch"(%f)[^d] {case_operand_segments = array<i32>, operandSegmentSizes = array<i32: 1, 0, 0>} : (i65) -> ()
^d:
  return %c0 : i32
}
