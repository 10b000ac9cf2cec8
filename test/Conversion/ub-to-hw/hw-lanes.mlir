// Lanes (issue 11): a port whose schedule does not move along a dimension
// fires for all its points there in one cycle.  Here the host writes 2
// values a cycle (ports a_data0, a_data1), a kernel copies each lane (one
// datapath per lane into a wire per lane of b), and a second kernel reads
// b at 1 - c, so its lane 0 takes lane 1: played cycle by cycle in
// strata-hwsim, every pair comes out swapped, one pair a cycle.
// RUN: strata-opt %s --convert-ub-to-hw -o %t.mlir
// RUN: FileCheck %s --check-prefix=PORTS < %t.mlir
// RUN: printf '1 0 0 0\n1 0 0 0\n0 1 1 2\n0 1 3 4\n0 1 5 6\n0 1 7 8\n0 0 0 0\n' > %t.stim
// RUN: strata-hwsim %t.mlir --stimulus=%t.stim --top=g_stream | FileCheck %s --match-full-lines
// PORTS: hw.module @g_stream(in %clk : !seq.clock, in %reset : i1, in %a_valid : i1, in %a_data0 : i16, in %a_data1 : i16, out a_ready : i1, out o_valid : i1, out o_data0 : i16, out o_data1 : i16, out done : i1)
// PORTS-SAME: ub.streams = [#ub.stream<in, "a", 0, 16, [4, 2], lanes = 2>, #ub.stream<out, "o", 1, 16, [4, 2], lanes = 2>]
// CHECK:      0 0 0000 0000 0
// CHECK-NEXT: 0 0 0000 0000 0
// CHECK-NEXT: 1 1 0002 0001 0
// CHECK-NEXT: 1 1 0004 0003 0
// CHECK-NEXT: 1 1 0006 0005 0
// CHECK-NEXT: 1 1 0008 0007 0
// CHECK-NEXT: 0 0 0000 0000 1
// CHECK-EMPTY:

ub.graph @g {
  %a = ub.buffer @a {arg = 0, capacity = 0} : memref<4x2xi16>
  %b = ub.buffer @b {capacity = 0} : memref<4x2xi16>
  %o = ub.buffer @o {arg = 1, capacity = 0} : memref<4x2xi16>
  ub.write %a {domain = "{ S[i, c] : 0 <= i < 4 and 0 <= c < 2 }", access = "{ S[i, c] -> a[i, c] }", schedule = "{ S[i, c] -> [i] }"} : memref<4x2xi16>
  %r = ub.read %a {domain = "{ K[i, c] : 0 <= i < 4 and 0 <= c < 2 }", access = "{ K[i, c] -> a[i, c] }", schedule = "{ K[i, c] -> [i] }"} : memref<4x2xi16> -> i16
  %v = ub.kernel @k(%r) {latency = 0} : (i16) -> i16 {
  ^bb0(%x: i16):
    ub.yield %x : i16
  }
  ub.write %b from %v : i16 {domain = "{ K[i, c] : 0 <= i < 4 and 0 <= c < 2 }", access = "{ K[i, c] -> b[i, c] }", schedule = "{ K[i, c] -> [i] }"} : memref<4x2xi16>
  %q = ub.read %b {domain = "{ L[i, c] : 0 <= i < 4 and 0 <= c < 2 }", access = "{ L[i, c] -> b[i, 1 - c] }", schedule = "{ L[i, c] -> [i] }"} : memref<4x2xi16> -> i16
  %w = ub.kernel @m(%q) {latency = 0} : (i16) -> i16 {
  ^bb0(%x: i16):
    ub.yield %x : i16
  }
  ub.write %o from %w : i16 {domain = "{ L[i, c] : 0 <= i < 4 and 0 <= c < 2 }", access = "{ L[i, c] -> o[i, c] }", schedule = "{ L[i, c] -> [i] }"} : memref<4x2xi16>
  %z = ub.read %o {domain = "{ T[i, c] : 0 <= i < 4 and 0 <= c < 2 }", access = "{ T[i, c] -> o[i, c] }", schedule = "{ T[i, c] -> [i] }"} : memref<4x2xi16> -> i16
}
