// A line memory whose write controller runs its lane loop outside the
// transfer loop (lanes and pixels swapped: lane 0 of every transfer, then
// lane 1, ...): the lanes of a transfer no longer fire in its cycle.
// The graph: a buffer written 3 values a cycle (lanes: element 3j + c
// at cycle j), read 6 transfers behind with its lanes reversed and 1
// behind; ub-map makes it one delay line per lane, a register and a
// 5-word line memory (map-check-lanes.mlir, @three).
// RUN: not strata-opt %s --ub-map-check -o %t.out 2>&1 | FileCheck %s

ub.graph @g {
  %a = ub.buffer @a {capacity = 18 : i64, map = "chain"} : memref<8x3xi16>
  // CHECK: map-check-lanes-order.mlir:[[@LINE+1]]:3: error: 'ub.write' op ub-map-check: a_m0 fires at cycle 1 where its port's point #1 is at cycle 0
  ub.write %a {access = "{ S[j, c] -> a[j, c] }", domain = "{ S[j, c] : 0 <= j <= 7 and 0 <= c <= 2 }", schedule = "{ S[j, c] -> [j] }"} : memref<8x3xi16>
  %x = ub.read %a {access = "{ K[i, c] -> a[i, 2 - c] }", domain = "{ K[i, c] : 0 <= i <= 2 and 0 <= c <= 2 }", schedule = "{ K[i, c] -> [i + 6] }", tap = 6 : i64} : memref<8x3xi16> -> i16
  %y = ub.read %a {access = "{ K[i, c] -> a[i + 5, c] }", domain = "{ K[i, c] : 0 <= i <= 2 and 0 <= c <= 2 }", schedule = "{ K[i, c] -> [i + 6] }", tap = 1 : i64} : memref<8x3xi16> -> i16
  ub.mem @a_sr0 {buffer = "a", ctrls = [{addr_offset = 0 : i64, addr_stride = array<i64: 0, 0>, base = 0 : i64, cycle_offset = 0 : i64, cycle_stride = array<i64: 1, 0>, dir = "write", extent = array<i64: 8, 3>, port = 0 : i64, wrap = 0 : i64}], depth = 1 : i64, from = 0 : i64, kind = "sr", node = "reg", to = 1 : i64, words = 1 : i64}
  ub.mem @a_m0 {buffer = "a", copies = 1 : i64, ctrls = [{addr_offset = 0 : i64, addr_stride = array<i64: 0, 1>, base = 0 : i64, cycle_offset = 0 : i64, cycle_stride = array<i64: 0, 1>, dir = "write", extent = array<i64: 3, 8>, port = 0 : i64, wrap = 5 : i64}, {addr_offset = 1 : i64, addr_stride = array<i64: 1, 0>, base = 0 : i64, cycle_offset = 0 : i64, cycle_stride = array<i64: 1, 0>, dir = "read", extent = array<i64: 8, 3>, port = 0 : i64, wrap = 5 : i64}], depth = 5 : i64, fetch = 1 : i64, kind = "line", node = "mem", segments = array<i64: 1, 6, 0>, tiles = 1 : i64, words = 5 : i64}
}
