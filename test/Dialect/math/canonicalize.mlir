// The math folders, MLIR 14's: math.ceil of any float constant (NaN kept),
// math.log2 of f32 and f64 constants that are not negative (not -0.0, not
// f16); other math ops of constants stay (MLIR 14 does not fold them; the
// parity corpus checks that mlir-opt-14 agrees), unused ones go.
// RUN: strata-opt --canonicalize %s | FileCheck %s

// CHECK-LABEL: func.func @ceil() -> (f32, f64, f32, f16) {
// CHECK-NEXT: %cst = arith.constant 2.000000e+00 : f16
// CHECK-NEXT: %cst_0 = arith.constant 0x7FC00000 : f32
// CHECK-NEXT: %cst_1 = arith.constant 3.000000e+00 : f64
// CHECK-NEXT: %cst_2 = arith.constant -2.000000e+00 : f32
// CHECK-NEXT: return %cst_2, %cst_1, %cst_0, %cst : f32, f64, f32, f16
// CHECK-NEXT: }
func.func @ceil() -> (f32, f64, f32, f16) {
  %a = arith.constant -2.5 : f32
  %b = arith.constant 3.0 : f64
  %n = arith.constant 0x7FC00000 : f32
  %h = arith.constant 1.25 : f16
  %0 = math.ceil %a : f32
  %1 = math.ceil %b : f64
  %2 = math.ceil %n : f32
  %3 = math.ceil %h : f16
  return %0, %1, %2, %3 : f32, f64, f32, f16
}

// CHECK-LABEL: func.func @log2() -> (f32, f64, f32, f32, f16) {
// CHECK-NEXT: %cst = arith.constant 0xFF800000 : f32
// CHECK-NEXT: %cst_0 = arith.constant -1.000000e+00 : f64
// CHECK-NEXT: %cst_1 = arith.constant 3.000000e+00 : f32
// CHECK-NEXT: %cst_2 = arith.constant 4.000000e+00 : f16
// CHECK-NEXT: %cst_3 = arith.constant -0.000000e+00 : f32
// CHECK-NEXT: %0 = math.log2 %cst_3 : f32
// CHECK-NEXT: %1 = math.log2 %cst_2 : f16
// CHECK-NEXT: return %cst_1, %cst_0, %cst, %0, %1 : f32, f64, f32, f32, f16
// CHECK-NEXT: }
func.func @log2() -> (f32, f64, f32, f32, f16) {
  %a = arith.constant 8.0 : f32
  %b = arith.constant 0.5 : f64
  %z = arith.constant 0.0 : f32
  %neg = arith.constant -0.0 : f32
  %h = arith.constant 4.0 : f16
  %0 = math.log2 %a : f32
  %1 = math.log2 %b : f64
  %2 = math.log2 %z : f32
  %3 = math.log2 %neg : f32
  %4 = math.log2 %h : f16
  return %0, %1, %2, %3, %4 : f32, f64, f32, f32, f16
}

// CHECK-LABEL: func.func @kept(%arg0: f32) -> (f32, f32, f32) {
// CHECK-NEXT: %cst = arith.constant 4.000000e+00 : f32
// CHECK-NEXT: %0 = math.sqrt %cst : f32
// CHECK-NEXT: %1 = math.ceil %arg0 : f32
// CHECK-NEXT: %2 = math.absf %cst : f32
// CHECK-NEXT: return %0, %1, %2 : f32, f32, f32
// CHECK-NEXT: }
func.func @kept(%x: f32) -> (f32, f32, f32) {
  %a = arith.constant 4.0 : f32
  %0 = math.sqrt %a : f32
  %1 = math.ceil %x : f32
  %2 = math.absf %a : f32
  %3 = math.exp %x : f32
  return %0, %1, %2 : f32, f32, f32
}

