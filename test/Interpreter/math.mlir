// math ops: f64 through the C library's double functions, f32 through its
// float ones, f16/bf16 computed in float and rounded to nearest even.
// Expected: Python's math module (the same IEEE double results), the exact
// rounding functions by hand, f32/f16/bf16 values rounded by hand.
// RUN: strata-run %s --entry=f64s --arg=f64:2 | FileCheck %s --check-prefix=F64
// F64: f64:1.4142135623730951
// F64-NEXT: f64:7.38905609893065
// F64-NEXT: f64:0.6931471805599453
// F64-NEXT: f64:1.1071487177940904
// F64-NEXT: f64:0.9640275800758169
// F64-NEXT: f64:4
// F64-NEXT: f64:-2
// RUN: strata-run %s --entry=rounding --arg=f32:2.5 | FileCheck %s --check-prefix=R25
// R25: f32:3
// R25-NEXT: f32:2
// R25-NEXT: f32:3
// R25-NEXT: f32:2
// R25-NEXT: f32:2
// RUN: strata-run %s --entry=rounding --arg=f32:-2.5 | FileCheck %s --check-prefix=RM25
// RM25: f32:-3
// RM25-NEXT: f32:-2
// RM25-NEXT: f32:-2
// RM25-NEXT: f32:-3
// RM25-NEXT: f32:-2
// RUN: strata-run %s --entry=rounding --arg=f32:3.5 | FileCheck %s --check-prefix=R35
// R35: f32:4
// R35-NEXT: f32:4
// R35-NEXT: f32:4
// R35-NEXT: f32:3
// R35-NEXT: f32:3
// ceil(-0.5) is -0.
// RUN: strata-run %s --entry=rounding --arg=f32:-0.5 | FileCheck %s --check-prefix=RMH
// RMH: f32:-1
// RMH-NEXT: f32:-0
// RMH-NEXT: f32:-0
// RMH-NEXT: f32:-1
// RMH-NEXT: f32:-0
// sqrt(2) rounded to f32 is 1.4142135; exp2(10), log2(8), 2^10 are exact.
// RUN: strata-run %s --entry=f32s --arg=f32:2 | FileCheck %s --check-prefix=F32
// F32: f32:1.4142135
// F32-NEXT: f32:4
// F32-NEXT: f32:1
// F32-NEXT: f32:4
// RUN: strata-run %s --entry=f32s --arg=f32:8 | FileCheck %s --check-prefix=F32B
// F32B: f32:2.828427
// F32B-NEXT: f32:256
// F32B-NEXT: f32:3
// F32B-NEXT: f32:64
// The C library's NaN sign never shows: log(-1) and sqrt(-1) give the
// positive default NaN; a NaN operand comes through (quiet).
// RUN: strata-run %s --entry=nans --arg=f32:-1 | FileCheck %s --check-prefix=NAN
// NAN: f32:nan
// NAN-NEXT: f32:nan
// RUN: strata-run %s --entry=nans --arg=f32:0xff800001 | FileCheck %s --check-prefix=NANIN
// NANIN: f32:0xffc00001
// NANIN-NEXT: f32:0xffc00001
// absf and copysign work on the sign bit (of a NaN too); tanh(inf) = 1.
// RUN: strata-run %s --entry=signs --arg=f64:-nan --arg=f64:-3 | FileCheck %s --check-prefix=SIGNS
// SIGNS: f64:nan
// SIGNS-NEXT: f64:-nan
// SIGNS-NEXT: f64:-1
// sqrt(2) near 1.414: f16 neighbours 1.4140625 and 1.4150391 (shortest 1.414);
// e near 2.72: bf16 neighbours 2.71875 and 2.734375 (shortest 2.72).
// RUN: strata-run %s --entry=narrow --arg=f16:2 --arg=bf16:1 | FileCheck %s --check-prefix=NARROW
// NARROW: f16:1.414
// NARROW-NEXT: bf16:2.72
// Integers: |MIN| wraps to MIN; counts at 32 and 100 bits; ipowi wraps, and
// a negative power keeps 1 and -1 (by parity) and makes everything else 0.
// RUN: strata-run %s --entry=ints --arg=i32:1 --arg=i100:1 | FileCheck %s --check-prefix=INT1
// INT1: i32:1
// INT1-NEXT: i32:31
// INT1-NEXT: i32:0
// INT1-NEXT: i32:1
// INT1-NEXT: i100:99
// INT1-NEXT: i100:0
// INT1-NEXT: i100:1
// RUN: strata-run %s --entry=ints --arg=i32:-2147483648 --arg=i100:0 | FileCheck %s --check-prefix=INTMIN
// INTMIN: i32:-2147483648
// INTMIN-NEXT: i32:0
// INTMIN-NEXT: i32:31
// INTMIN-NEXT: i32:1
// INTMIN-NEXT: i100:100
// INTMIN-NEXT: i100:100
// INTMIN-NEXT: i100:0
// RUN: strata-run %s --entry=pow --arg=i32:3 --arg=i32:4 | FileCheck %s --check-prefix=POW
// POW: i32:81
// RUN: strata-run %s --entry=pow --arg=i32:2 --arg=i32:31 | FileCheck %s --check-prefix=POW31
// POW31: i32:-2147483648
// RUN: strata-run %s --entry=pow --arg=i32:2 --arg=i32:32 | FileCheck %s --check-prefix=POW32
// POW32: i32:0
// RUN: strata-run %s --entry=pow --arg=i32:-1 --arg=i32:-3 | FileCheck %s --check-prefix=POWM1
// POWM1: i32:-1
// RUN: strata-run %s --entry=pow --arg=i32:-1 --arg=i32:-4 | FileCheck %s --check-prefix=POWM1E
// POWM1E: i32:1
// RUN: strata-run %s --entry=pow --arg=i32:5 --arg=i32:-1 | FileCheck %s --check-prefix=POW5
// POW5: i32:0
// RUN: not strata-run %s --entry=pow --arg=i32:0 --arg=i32:-1 2>&1 | FileCheck %s --check-prefix=POW0
// RUN: not strata-run %s --entry=wide_pow --arg=i65:2 --arg=i65:2 2>&1 | FileCheck %s --check-prefix=WIDEPOW

// sqrt, exp, log, atan, tanh, powf(x, x) of 2; cbrt(-8).
func.func @f64s(%a: f64) -> (f64, f64, f64, f64, f64, f64, f64) {
  %0 = math.sqrt %a : f64
  %1 = math.exp %a : f64
  %2 = math.log %a : f64
  %3 = math.atan %a : f64
  %4 = math.tanh %a : f64
  %5 = math.powf %a, %a : f64
  %m8 = arith.constant -8.0 : f64
  %6 = math.cbrt %m8 : f64
  return %0, %1, %2, %3, %4, %5, %6 : f64, f64, f64, f64, f64, f64, f64
}
// round, roundeven, ceil, floor, trunc
func.func @rounding(%a: f32) -> (f32, f32, f32, f32, f32) {
  %0 = math.round %a : f32
  %1 = math.roundeven %a : f32
  %2 = math.ceil %a : f32
  %3 = math.floor %a : f32
  %4 = math.trunc %a : f32
  return %0, %1, %2, %3, %4 : f32, f32, f32, f32, f32
}
// sqrt, exp2, log2, powf(x, 2)
func.func @f32s(%a: f32) -> (f32, f32, f32, f32) {
  %c2 = arith.constant 2.0 : f32
  %0 = math.sqrt %a : f32
  %1 = math.exp2 %a : f32
  %2 = math.log2 %a : f32
  %3 = math.powf %a, %c2 : f32
  return %0, %1, %2, %3 : f32, f32, f32, f32
}
func.func @nans(%a: f32) -> (f32, f32) {
  %0 = math.log %a : f32
  %1 = math.sqrt %a : f32
  return %0, %1 : f32, f32
}
// absf(a), copysign(a, b), tanh(-inf)
func.func @signs(%a: f64, %b: f64) -> (f64, f64, f64) {
  %ninf = arith.constant 0xFFF0000000000000 : f64
  %0 = math.absf %a : f64
  %1 = math.copysign %a, %b : f64
  %2 = math.tanh %ninf : f64
  return %0, %1, %2 : f64, f64, f64
}
func.func @narrow(%h: f16, %b: bf16) -> (f16, bf16) {
  %0 = math.sqrt %h : f16
  %1 = math.exp %b : bf16
  return %0, %1 : f16, bf16
}
// absi, ctlz, cttz, ctpop of a; ctlz, cttz, ctpop of w
func.func @ints(%a: i32, %w: i100) -> (i32, i32, i32, i32, i100, i100, i100) {
  %0 = math.absi %a : i32
  %1 = math.ctlz %a : i32
  %2 = math.cttz %a : i32
  %3 = math.ctpop %a : i32
  %4 = math.ctlz %w : i100
  %5 = math.cttz %w : i100
  %6 = math.ctpop %w : i100
  return %0, %1, %2, %3, %4, %5, %6 : i32, i32, i32, i32, i100, i100, i100
}
func.func @pow(%a: i32, %b: i32) -> i32 {
  // POW0: math.mlir:[[@LINE+1]]:8: error: undefined behaviour: zero raised to a negative power in 'math.ipowi'
  %0 = math.ipowi %a, %b : i32
  return %0 : i32
}
func.func @wide_pow(%a: i65, %b: i65) -> i65 {
  // WIDEPOW: math.mlir:[[@LINE+1]]:8: error: no interpreter semantics for 'math.ipowi' on integers wider than 64 bits
  %0 = math.ipowi %a, %b : i65
  return %0 : i65
}
