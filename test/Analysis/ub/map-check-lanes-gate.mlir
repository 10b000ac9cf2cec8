// A gated chain with lanes whose gate takes lane 1 of each transfer but
// not lane 0: the lanes of a transfer share their delay lines' shift
// enable (ub-to-hw gates a whole transfer), so a gate must take all of
// them or none.  The graph is map-check-lanes.mlir's @gated (2 lanes, read
// 6, 1 and 0 transfers behind; the gate, columns 0..6 of both lanes, here
// narrowed to lane 1).
// RUN: not strata-opt %s --ub-map-check -o %t.out 2>&1 | FileCheck %s

ub.graph @g {
  // CHECK: map-check-lanes-gate.mlir:[[@LINE+1]]:8: error: 'ub.buffer' op ub-map-check: the gate of buffer 'a' takes some values of the write at cycle 0 and not others; the lanes of a transfer shift together
  %a = ub.buffer @a {capacity = 12 : i64, gate = array<i64: 0, 1, 6, 1>, map = "chain"} : memref<8x2xi16>
  ub.write %a {access = "{ S[j, c] -> a[j, c] }", domain = "{ S[j, c] : 0 <= j < 8 and 0 <= c < 2 }", schedule = "{ S[j, c] -> [j] }"} : memref<8x2xi16>
  %x = ub.read %a {access = "{ K[i, c] -> a[i, 1 - c] }", domain = "{ K[i, c] : 0 <= i < 2 and 0 <= c < 2 }", schedule = "{ K[i, c] -> [i + 6] }", tap = 6 : i64} : memref<8x2xi16> -> i16
  %y = ub.read %a {access = "{ K[i, c] -> a[i + 5, c] }", domain = "{ K[i, c] : 0 <= i < 2 and 0 <= c < 2 }", schedule = "{ K[i, c] -> [i + 6] }", tap = 1 : i64} : memref<8x2xi16> -> i16
  %z = ub.read %a {access = "{ K[i, c] -> a[i + 6, c] }", domain = "{ K[i, c] : 0 <= i < 2 and 0 <= c < 2 }", schedule = "{ K[i, c] -> [i + 6] }", tap = 0 : i64} : memref<8x2xi16> -> i16
  ub.mem @a_sr0 {buffer = "a", ctrls = [{addr_offset = 0 : i64, addr_stride = array<i64: 0, 0>, base = 0 : i64, cycle_offset = 0 : i64, cycle_stride = array<i64: 1, 0>, dir = "write", extent = array<i64: 7, 2>, port = 0 : i64, wrap = 0 : i64}], depth = 1 : i64, from = 0 : i64, kind = "sr", node = "reg", to = 1 : i64, words = 1 : i64}
  ub.mem @a_m0 {buffer = "a", copies = 1 : i64, ctrls = [{addr_offset = 0 : i64, addr_stride = array<i64: 1, 0>, base = 0 : i64, cycle_offset = 0 : i64, cycle_stride = array<i64: 1, 0>, dir = "write", extent = array<i64: 7, 2>, port = 0 : i64, wrap = 5 : i64}, {addr_offset = 1 : i64, addr_stride = array<i64: 1, 0>, base = 0 : i64, cycle_offset = 0 : i64, cycle_stride = array<i64: 1, 0>, dir = "read", extent = array<i64: 7, 2>, port = 0 : i64, wrap = 5 : i64}], depth = 5 : i64, fetch = 1 : i64, kind = "line", node = "mem", segments = array<i64: 1, 6, 0>, tiles = 1 : i64, words = 5 : i64}
}
