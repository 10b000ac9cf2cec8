// A parameter (ub.param: a kernel's scalar argument) is an input port of
// the stream module, <name>_param, which the host sets before the run and
// holds; the kernel reads it as a value, and ub.params tells stratac which
// argument it holds.  Played in strata-hwsim (hex words) with k = 3, the
// outputs are 3 times the inputs, wrapped to 16 bits.
// RUN: strata-opt %s --convert-ub-to-hw -o %t.mlir
// RUN: FileCheck %s --check-prefix=HW < %t.mlir
// RUN: printf '1 3 0 0\n1 3 0 0\n0 3 1 5\n0 3 1 7\n0 3 1 ffff\n0 3 1 100\n0 3 0 0\n' > %t.stim
// RUN: strata-hwsim %t.mlir --stimulus=%t.stim --top=scale_stream | FileCheck %s --match-full-lines
// HW: hw.module @scale_stream(in %clk : !seq.clock, in %reset : i1, in %arg1_param : i16, in %arg0_valid : i1, in %arg0_data : i16,
// HW-SAME: ub.params = {arg1_param = 1 : i64}
// HW: comb.mul {{.*}}%arg1_param
// columns: arg0_ready arg2_valid arg2_data done
// CHECK: 0 0 0000 0
// CHECK-NEXT: 0 0 0000 0
// CHECK-NEXT: 1 1 000f 0
// CHECK-NEXT: 1 1 0015 0
// CHECK-NEXT: 1 1 fffd 0
// CHECK-NEXT: 1 1 0300 0
// CHECK-NEXT: 0 0 0000 1
ub.graph @scale_ub attributes {latency = 4 : i64, memory = 0 : i64} {
  %0 = ub.buffer @arg0 {arg = 0 : i64, capacity = 0 : i64, kind = "wire"} : memref<4xi16>
  %1 = ub.buffer @arg2 {arg = 2 : i64, capacity = 0 : i64, kind = "wire"} : memref<4xi16>
  ub.write %0 {access = "{ host_arg0[i0] -> arg0[1*i0] }", domain = "{ host_arg0[i0] : 0 <= i0 <= 3 }", schedule = "{ host_arg0[i0] -> [i0] : 0 <= i0 <= 3 }"} : memref<4xi16>
  %2 = ub.read %0 {access = "{ arg2[i0] -> arg0[1*i0] }", domain = "{ arg2[i0] : 0 <= i0 <= 3 }", schedule = "{ arg2[i0] -> [i0] : 0 <= i0 <= 3 }"} : memref<4xi16> -> i16
  %3 = ub.param @arg1 {arg = 1 : i64} : i16
  %4 = ub.kernel @arg2(%2, %3) {latency = 0 : i64} : (i16, i16) -> i16 {
  ^bb0(%arg0: i16, %arg1: i16):
    %6 = arith.muli %arg0, %arg1 : i16
    ub.yield %6 : i16
  }
  ub.write %1 from %4 : i16 {access = "{ arg2[i0] -> arg2[1*i0] }", domain = "{ arg2[i0] : 0 <= i0 <= 3 }", schedule = "{ arg2[i0] -> [i0] : 0 <= i0 <= 3 }"} : memref<4xi16>
  %5 = ub.read %1 {access = "{ host_arg2[i0] -> arg2[1*i0] }", domain = "{ host_arg2[i0] : 0 <= i0 <= 3 }", schedule = "{ host_arg2[i0] -> [i0] : 0 <= i0 <= 3 }"} : memref<4xi16> -> i16
}
