// ub-schedule-ilp and kernel latency: K takes 3 cycles, and T reads a[i]
// beside K's result for the same i, so a[i] waits for K: 3 delay slots in
// a, K's write port fires 3 cycles after its read port, and T runs 3 cycles
// after both.  ub-capacity agrees with the ILP's slots.
// RUN: strata-opt %s --ub-schedule-ilp --ub-capacity 2>&1 | FileCheck %s

// CHECK: ub-schedule-ilp: @g: optimum 3 delay slots (6 bytes), proven by CBC; the stencil schedule needs 3 delay slots (6 bytes)
// CHECK: ub.graph @g attributes {ilp_slots = 3 : i64, latency = 11 : i64, memory = 3 : i64, stencil_slots = 3 : i64}
// CHECK: ub.buffer @a {capacity = 3 : i64{{[,}].*}}
// CHECK: schedule = "{ S[i] -> [i] : 0 <= i <= 7 }"
// CHECK: schedule = "{ K[i] -> [i] : 0 <= i <= 7 }"
// CHECK: ub.buffer @b {capacity = 0 : i64{{[,}].*}}
// CHECK: schedule = "{ K[i] -> [3 + i] : 0 <= i <= 7 }"
// CHECK: schedule = "{ T[i] -> [3 + i] : 0 <= i <= 7 }"
// CHECK: schedule = "{ T[i] -> [3 + i] : 0 <= i <= 7 }"
ub.graph @g {
  %a = ub.buffer @a : memref<8xi16>
  ub.write %a {domain = "{ S[i] : 0 <= i < 8 }", access = "{ S[i] -> a[i] }", schedule = "{ S[i] -> [i] }"} : memref<8xi16>
  %r = ub.read %a {domain = "{ K[i] : 0 <= i < 8 }", access = "{ K[i] -> a[i] }", schedule = "{ K[i] -> [i] }"} : memref<8xi16> -> i16
  %k = ub.kernel @k(%r) {latency = 3} : (i16) -> i16 {
  ^bb0(%x: i16):
    ub.yield %x : i16
  }
  %b = ub.buffer @b : memref<8xi16>
  ub.write %b from %k : i16 {domain = "{ K[i] : 0 <= i < 8 }", access = "{ K[i] -> b[i] }", schedule = "{ K[i] -> [i] }"} : memref<8xi16>
  %p = ub.read %a {domain = "{ T[i] : 0 <= i < 8 }", access = "{ T[i] -> a[i] }", schedule = "{ T[i] -> [i] }"} : memref<8xi16> -> i16
  %q = ub.read %b {domain = "{ T[i] : 0 <= i < 8 }", access = "{ T[i] -> b[i] }", schedule = "{ T[i] -> [i] }"} : memref<8xi16> -> i16
  %o = ub.kernel @t(%p, %q) {latency = 0} : (i16, i16) -> i16 {
  ^bb0(%x: i16, %y: i16):
    %s = arith.addi %x, %y : i16
    ub.yield %s : i16
  }
  %c = ub.buffer @c : memref<8xi16>
  ub.write %c from %o : i16 {domain = "{ T[i] : 0 <= i < 8 }", access = "{ T[i] -> c[i] }", schedule = "{ T[i] -> [i] }"} : memref<8xi16>
}
