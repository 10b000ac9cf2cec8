// strata-tv interprets a function before and after arith-soft-float on
// drawn arguments and compares the results bit for bit: f32 arguments,
// a loop-carried f32, constants, a conversion each way, a compare.
// RUN: strata-tv %s --entry=poly --pass-pipeline="builtin.module(arith-soft-float)" | FileCheck %s
// CHECK: @poly: {{[0-9]+}} inputs agree
func.func @poly(%x: f32, %y: f32, %n: i32) -> (f32, i1, i32) {
  %c0 = arith.constant 0 : index
  %c4 = arith.constant 4 : index
  %c1 = arith.constant 1 : index
  %half = arith.constant 0.5 : f32
  %s = scf.for %i = %c0 to %c4 step %c1 iter_args(%acc = %x) -> (f32) {
    %m = arith.mulf %acc, %y : f32
    %a = arith.addf %m, %half : f32
    scf.yield %a : f32
  }
  %f = arith.sitofp %n : i32 to f32
  %d = arith.divf %s, %f : f32
  %c = arith.cmpf ult, %d, %x : f32
  %k = arith.fptosi %half : f32 to i32
  return %d, %c, %k : f32, i1, i32
}
