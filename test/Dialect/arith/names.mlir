// Result name hints of arith.constant, as MLIR's getAsmResultNames gives
// them: c<value> for index, c<value>_<type> for other integers (the value
// signed, at any width), true/false for i1, cst for floats and elements;
// clashes get MLIR's _<n> suffix, numbered across the whole function.
// (mlir-opt-14 prints the same, except for integers wider than 64 bits,
// which it names from their low 64 bits.)
// RUN: strata-opt %s | FileCheck %s
// RUN: strata-opt %s | strata-opt | FileCheck %s

// CHECK-LABEL: func.func @names() {
// CHECK-NEXT: %c0 = arith.constant 0 : index
// CHECK-NEXT: %c0_0 = arith.constant 0 : index
// CHECK-NEXT: %c0_i32 = arith.constant 0 : i32
// CHECK-NEXT: %c42_i32 = arith.constant 42 : i32
// CHECK-NEXT: %c-1_i64 = arith.constant -1 : i64
// CHECK-NEXT: %c-7 = arith.constant -7 : index
// CHECK-NEXT: %true = arith.constant true
// CHECK-NEXT: %false = arith.constant false
// CHECK-NEXT: %true_1 = arith.constant true
// CHECK-NEXT: %c-128_i8 = arith.constant -128 : i8
// CHECK-NEXT: %cst = arith.constant 1.000000e+00 : f32
// CHECK-NEXT: %cst_2 = arith.constant 2.000000e+00 : f64
// CHECK-NEXT: %cst_3 = arith.constant dense<1> : vector<4xi32>
// CHECK-NEXT: %cst_4 = arith.constant dense<true> : vector<2xi1>
// CHECK-NEXT: %c123456789012345678901234567890_i128 = arith.constant 123456789012345678901234567890 : i128
// CHECK-NEXT: %c-170141183460469231731687303715884105728_i128 = arith.constant -170141183460469231731687303715884105728 : i128
// CHECK-NEXT: %true_5 = arith.constant true
// CHECK-NEXT: return
func.func @names() {
  %0 = arith.constant 0 : index
  %1 = arith.constant 0 : index
  %2 = arith.constant 0 : i32
  %3 = arith.constant 42 : i32
  %4 = arith.constant -1 : i64
  %5 = arith.constant -7 : index
  %6 = arith.constant 1 : i1
  %7 = arith.constant 0 : i1
  %8 = arith.constant true
  %9 = arith.constant -128 : i8
  %10 = arith.constant 1.0 : f32
  %11 = arith.constant 2.0 : f64
  %12 = arith.constant dense<1> : vector<4xi32>
  %13 = arith.constant dense<true> : vector<2xi1>
  %14 = arith.constant 123456789012345678901234567890 : i128
  %15 = arith.constant -170141183460469231731687303715884105728 : i128
  %16 = arith.constant 1 : i1
  return
}

// Each function starts its names afresh.
// CHECK-LABEL: func.func @scopes() {
// CHECK-NEXT: %c0 = arith.constant 0 : index
// CHECK-NEXT: %cst = arith.constant 1.000000e+00 : f32
// CHECK-NEXT: return
func.func @scopes() {
  %0 = arith.constant 0 : index
  %1 = arith.constant 1.0 : f32
  return
}
