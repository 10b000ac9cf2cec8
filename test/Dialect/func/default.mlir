// `func.default` (docs/dialects/func.md): a scalar argument's value when a
// caller outside the IR (strata-run, stratac) gives none; a number of the
// argument's own type, on integer, index and float arguments only.
// RUN: strata-opt %s --split-input-file --verify-diagnostics | FileCheck %s

// CHECK: func.func @k(%arg0: f32 {func.default = 8.500000e-01 : f32}, %arg1: i8 {func.default = -3 : i8}, %arg2: index {func.default = 4 : index})
func.func @k(%d: f32 {func.default = 0.85 : f32}, %n: i8 {func.default = -3 : i8}, %i: index {func.default = 4 : index}) {
  return
}

// -----

// expected-error @+1 {{'func.func' op 'func.default' of argument 0 must be a number of its type 'f32'}}
func.func @wrong_type(%d: f32 {func.default = 1 : i32}) {
  return
}

// -----

// expected-error @+1 {{'func.func' op 'func.default' belongs on a scalar argument (integer, index or float)}}
func.func @memref(%m: memref<4xf32> {func.default = 1.0 : f32}) {
  return
}

// -----

// expected-error @+1 {{'func.func' op 'func.default' belongs on a scalar argument (integer, index or float)}}
func.func @result() -> (i32 {func.default = 1 : i32}) {
  %c = arith.constant 0 : i32
  return %c : i32
}
