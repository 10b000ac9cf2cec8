// Lanes interleaved in one line, as a map counting values rather than
// transfers would lay them out (the lane loop stepping the address, a
// ring of 15): the hardware gives each lane its own memory, all sharing
// the segment's address counter, so the lanes of a transfer must get one
// address.
// The graph: a buffer written 3 values a cycle (lanes: element 3j + c
// at cycle j), read 6 transfers behind with its lanes reversed and 1
// behind; ub-map makes it one delay line per lane, a register and a
// 5-word line memory (map-check-lanes.mlir, @three).
// RUN: not strata-opt %s --ub-map-check -o %t.out 2>&1 | FileCheck %s

ub.graph @g {
  // CHECK: map-check-lanes-counter.mlir:[[@LINE+1]]:8: error: 'ub.buffer' op ub-map-check: a_m0 addresses word 1 for lane 1 of the write at cycle 0 but word 0 for lane 0; the lanes' memories share one counter
  %a = ub.buffer @a {capacity = 18 : i64, map = "chain"} : memref<8x3xi16>
  ub.write %a {access = "{ S[j, c] -> a[j, c] }", domain = "{ S[j, c] : 0 <= j <= 7 and 0 <= c <= 2 }", schedule = "{ S[j, c] -> [j] }"} : memref<8x3xi16>
  %x = ub.read %a {access = "{ K[i, c] -> a[i, 2 - c] }", domain = "{ K[i, c] : 0 <= i <= 2 and 0 <= c <= 2 }", schedule = "{ K[i, c] -> [i + 6] }", tap = 6 : i64} : memref<8x3xi16> -> i16
  %y = ub.read %a {access = "{ K[i, c] -> a[i + 5, c] }", domain = "{ K[i, c] : 0 <= i <= 2 and 0 <= c <= 2 }", schedule = "{ K[i, c] -> [i + 6] }", tap = 1 : i64} : memref<8x3xi16> -> i16
  ub.mem @a_sr0 {buffer = "a", ctrls = [{addr_offset = 0 : i64, addr_stride = array<i64: 0, 0>, base = 0 : i64, cycle_offset = 0 : i64, cycle_stride = array<i64: 1, 0>, dir = "write", extent = array<i64: 8, 3>, port = 0 : i64, wrap = 0 : i64}], depth = 1 : i64, from = 0 : i64, kind = "sr", node = "reg", to = 1 : i64, words = 1 : i64}
  ub.mem @a_m0 {buffer = "a", copies = 1 : i64, ctrls = [{addr_offset = 0 : i64, addr_stride = array<i64: 3, 1>, base = 0 : i64, cycle_offset = 0 : i64, cycle_stride = array<i64: 1, 0>, dir = "write", extent = array<i64: 8, 3>, port = 0 : i64, wrap = 15 : i64}, {addr_offset = 1 : i64, addr_stride = array<i64: 3, 1>, base = 0 : i64, cycle_offset = 0 : i64, cycle_stride = array<i64: 1, 0>, dir = "read", extent = array<i64: 8, 3>, port = 0 : i64, wrap = 15 : i64}], depth = 5 : i64, fetch = 1 : i64, kind = "line", node = "mem", segments = array<i64: 1, 6, 0>, tiles = 1 : i64, words = 5 : i64}
}
