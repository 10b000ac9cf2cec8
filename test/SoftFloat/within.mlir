// arith-soft-float{within=NAME} lowers only inside ops named NAME (the
// stream flow's ub.kernel datapaths): float ops elsewhere, even ones it
// would refuse, stay as they are.
// RUN: strata-opt '--pass-pipeline=builtin.module(arith-soft-float{within=scf.for})' %s | FileCheck %s

// CHECK-LABEL: func.func @host
// CHECK: math.sqrt
// CHECK: arith.addf
// CHECK: scf.for
// CHECK-NOT: arith.mulf
// CHECK: scf.yield
// CHECK: arith.subf
func.func @host(%x: f32, %n: index) -> f32 {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %s = math.sqrt %x : f32
  %a = arith.addf %s, %x : f32
  %r = scf.for %i = %c0 to %n step %c1 iter_args(%acc = %a) -> (f32) {
    %t = arith.mulf %acc, %acc : f32
    scf.yield %t : f32
  }
  %b = arith.subf %r, %x : f32
  return %b : f32
}
