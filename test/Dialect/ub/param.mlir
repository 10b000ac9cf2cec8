// ub.param: a scalar argument of the kernel (the host sets it before the
// run and holds it), an input of the kernels that read it; it round-trips.
// RUN: strata-opt %s | FileCheck %s
// RUN: strata-opt %s | strata-opt | FileCheck %s

// CHECK-LABEL: ub.graph @g
// CHECK: %[[K:.*]] = ub.param @k {arg = 1 : i64} : f32
// CHECK: %[[N:.*]] = ub.param @n {arg = 2 : i64} : i16
// CHECK: ub.kernel @T(%{{.*}}, %[[K]], %[[N]]) {latency = 0 : i64} : (f32, f32, i16) -> f32
ub.graph @g {
  %k = ub.param @k {arg = 1 : i64} : f32
  %n = ub.param @n {arg = 2 : i64} : i16
  %b = ub.buffer @b {arg = 0 : i64} : memref<4xf32>
  %r = ub.read %b {domain = "{ T[i] : 0 <= i < 4 }", access = "{ T[i] -> b[i] }", schedule = "{ T[i] -> [i] }"} : memref<4xf32> -> f32
  %o = ub.kernel @T(%r, %k, %n) {latency = 0 : i64} : (f32, f32, i16) -> f32 {
  ^bb0(%x: f32, %s: f32, %c: i16):
    %m = arith.mulf %x, %s : f32
    ub.yield %m : f32
  }
}
