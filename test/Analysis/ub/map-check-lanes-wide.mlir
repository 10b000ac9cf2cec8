// A chain with lanes in a wide-fetch memory: its aggregator packs one
// value a write into a wide word, so it cannot hold a transfer's lanes
// (ub-map maps such a buffer as a ram).  Here 2 lanes a cycle go through a
// line segment of 8 words on a memory fetching 4.
// RUN: not strata-opt %s --ub-map-check -o %t.out 2>&1 | FileCheck %s

ub.graph @g {
  // CHECK: map-check-lanes-wide.mlir:[[@LINE+1]]:8: error: 'ub.buffer' op ub-map-check: d_m0 packs one value a write into its wide words, but buffer 'd' is written 2 values a cycle (lanes)
  %d = ub.buffer @d {capacity = 16 : i64, map = "chain"} : memref<16x2xi16>
  ub.write %d {access = "{ A[i, c] -> d[i, c] }", domain = "{ A[i, c] : 0 <= i <= 15 and 0 <= c <= 1 }", schedule = "{ A[i, c] -> [i] }"} : memref<16x2xi16>
  %r = ub.read %d {access = "{ B[i, c] -> d[i, c] }", domain = "{ B[i, c] : 0 <= i <= 7 and 0 <= c <= 1 }", schedule = "{ B[i, c] -> [8 + i] }", tap = 8 : i64} : memref<16x2xi16> -> i16
  ub.mem @d_m0 {buffer = "d", copies = 1 : i64, ctrls = [{addr_offset = 0 : i64, addr_stride = array<i64: 1, 0>, base = 0 : i64, clock = "write", cycle_offset = 0 : i64, cycle_stride = array<i64: 1, 0>, dir = "write", extent = array<i64: 16, 2>, port = 0 : i64, unit = "agg", wrap = 4 : i64}, {addr_offset = 0 : i64, addr_stride = array<i64: 1>, base = 0 : i64, clock = "write", cycle_offset = 3 : i64, cycle_stride = array<i64: 4>, dir = "write", extent = array<i64: 4>, port = 0 : i64, wrap = 2 : i64}, {addr_offset = 0 : i64, addr_stride = array<i64: 1>, base = 0 : i64, clock = "write", cycle_offset = 6 : i64, cycle_stride = array<i64: 4>, dir = "read", extent = array<i64: 3>, port = 0 : i64, wrap = 2 : i64}, {addr_offset = 0 : i64, addr_stride = array<i64: 1, 0>, base = 0 : i64, clock = "write", cycle_offset = 0 : i64, cycle_stride = array<i64: 1, 0>, dir = "read", extent = array<i64: 16, 2>, port = 0 : i64, unit = "tb", wrap = 4 : i64}], depth = 8 : i64, fetch = 4 : i64, kind = "line", node = "MEM", segments = array<i64: 0, 8, 0>, tiles = 1 : i64, words = 8 : i64}
}
