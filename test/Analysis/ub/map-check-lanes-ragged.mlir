// A chain written along a diagonal schedule (i + j): one value at cycle
// 0, two at cycle 1, one at cycle 2.  The values of a cycle are a
// transfer's lanes, one delay line each, so every transfer must carry as
// many.
// RUN: not strata-opt %s --ub-map-check -o %t.out 2>&1 | FileCheck %s

ub.graph @g {
  %d = ub.buffer @d {capacity = 1 : i64, map = "chain"} : memref<2x2xi16>
  // CHECK: map-check-lanes-ragged.mlir:[[@LINE+1]]:3: error: 'ub.write' op ub-map-check: buffer 'd' is written 1 value at cycle 0 but 2 at cycle 1; a chain's transfers all have the same lanes
  ub.write %d {access = "{ A[i, j] -> d[i, j] }", domain = "{ A[i, j] : 0 <= i <= 1 and 0 <= j <= 1 }", schedule = "{ A[i, j] -> [i + j] }"} : memref<2x2xi16>
  %r = ub.read %d {access = "{ B[i] -> d[0, 0] }", domain = "{ B[i] : 0 <= i <= 0 }", schedule = "{ B[i] -> [1] }", tap = 1 : i64} : memref<2x2xi16> -> i16
  ub.mem @d_sr0 {buffer = "d", ctrls = [{addr_offset = 0 : i64, addr_stride = array<i64: 0, 0>, base = 0 : i64, cycle_offset = 0 : i64, cycle_stride = array<i64: 1, 1>, dir = "write", extent = array<i64: 2, 2>, port = 0 : i64, wrap = 0 : i64}], depth = 1 : i64, from = 0 : i64, kind = "sr", node = "reg", to = 1 : i64, words = 1 : i64}
}
