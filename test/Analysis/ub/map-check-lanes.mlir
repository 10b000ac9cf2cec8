// ub-map-check on chains with lanes (several values written per cycle):
// one delay line per lane, every lane shifting on the buffer's write and
// tapped at the same distances in transfers (ub_map.h), as ub-to-hw
// builds it.  Each graph below reads lanes out of order (exchanged,
// reversed, transposed, a constant lane), so a checker that shifted one
// value per write or read the wrong lane fails it; map-check-lanes-*.mlir
// break the maps.
// RUN: strata-opt %s --split-input-file --ub-map --ub-map-check | FileCheck %s

// Two lanes, gated (the last row is read only as it is written): a
// register and a 5-word line memory per lane (test/Conversion/ub-to-hw/hw-lane-chain.mlir).
// CHECK-LABEL: ub.graph @gated
// CHECK: ub.buffer @a {{{.*}}gate = array<i64: 0, 0, 6, 1>, map = "chain"}
// CHECK: tap = 6
// CHECK: tap = 1
// CHECK: tap = 0
// CHECK: ub.mem @a_sr0 {{.*}}extent = array<i64: 7, 2>{{.*}}from = 0 : i64, kind = "sr"{{.*}}to = 1 : i64
// CHECK: ub.mem @a_m0 {{.*}}kind = "line"{{.*}}segments = array<i64: 1, 6, 0>
ub.graph @gated {
  %a = ub.buffer @a {arg = 0, capacity = 12} : memref<8x2xi16>
  %o = ub.buffer @o {arg = 1, capacity = 0} : memref<2x2xi16>
  ub.write %a {domain = "{ S[j, c] : 0 <= j < 8 and 0 <= c < 2 }", access = "{ S[j, c] -> a[j, c] }", schedule = "{ S[j, c] -> [j] }"} : memref<8x2xi16>
  %x = ub.read %a {domain = "{ K[i, c] : 0 <= i < 2 and 0 <= c < 2 }", access = "{ K[i, c] -> a[i, 1 - c] }", schedule = "{ K[i, c] -> [i + 6] }"} : memref<8x2xi16> -> i16
  %y = ub.read %a {domain = "{ K[i, c] : 0 <= i < 2 and 0 <= c < 2 }", access = "{ K[i, c] -> a[i + 5, c] }", schedule = "{ K[i, c] -> [i + 6] }"} : memref<8x2xi16> -> i16
  %z = ub.read %a {domain = "{ K[i, c] : 0 <= i < 2 and 0 <= c < 2 }", access = "{ K[i, c] -> a[i + 6, 1 - c] }", schedule = "{ K[i, c] -> [i + 6] }"} : memref<8x2xi16> -> i16
  %v = ub.kernel @k(%x, %y, %z) {latency = 0} : (i16, i16, i16) -> i16 {
  ^bb0(%p: i16, %q: i16, %r: i16):
    %s = arith.addi %p, %q : i16
    %t = arith.addi %s, %r : i16
    ub.yield %t : i16
  }
  ub.write %o from %v : i16 {domain = "{ K[i, c] : 0 <= i < 2 and 0 <= c < 2 }", access = "{ K[i, c] -> o[i, c] }", schedule = "{ K[i, c] -> [i + 6] }"} : memref<2x2xi16>
  %w = ub.read %o {domain = "{ T[i, c] : 0 <= i < 2 and 0 <= c < 2 }", access = "{ T[i, c] -> o[i, c] }", schedule = "{ T[i, c] -> [i + 6] }"} : memref<2x2xi16> -> i16
}

// -----

// Three lanes, every row read at a distance (no gate), one read taking a
// constant lane.
// CHECK-LABEL: ub.graph @three
// CHECK: ub.buffer @a {{{.*}}capacity = 18 : i64, map = "chain"}
// CHECK: tap = 6
// CHECK: tap = 1
// CHECK: tap = 1
// CHECK: ub.mem @a_sr0 {{.*}}extent = array<i64: 8, 3>{{.*}}kind = "sr"
// CHECK: ub.mem @a_m0 {{.*}}addr_stride = array<i64: 1, 0>{{.*}}wrap = 5 : i64{{.*}}segments = array<i64: 1, 6, 0>
ub.graph @three {
  %a = ub.buffer @a {arg = 0, capacity = 18} : memref<8x3xi16>
  %o = ub.buffer @o {arg = 1, capacity = 0} : memref<3x3xi16>
  ub.write %a {domain = "{ S[j, c] : 0 <= j < 8 and 0 <= c < 3 }", access = "{ S[j, c] -> a[j, c] }", schedule = "{ S[j, c] -> [j] }"} : memref<8x3xi16>
  %x = ub.read %a {domain = "{ K[i, c] : 0 <= i < 3 and 0 <= c < 3 }", access = "{ K[i, c] -> a[i, 2 - c] }", schedule = "{ K[i, c] -> [i + 6] }"} : memref<8x3xi16> -> i16
  %y = ub.read %a {domain = "{ K[i, c] : 0 <= i < 3 and 0 <= c < 3 }", access = "{ K[i, c] -> a[i + 5, c] }", schedule = "{ K[i, c] -> [i + 6] }"} : memref<8x3xi16> -> i16
  %z = ub.read %a {domain = "{ K[i, c] : 0 <= i < 3 and 0 <= c < 3 }", access = "{ K[i, c] -> a[i + 5, 1] }", schedule = "{ K[i, c] -> [i + 6] }"} : memref<8x3xi16> -> i16
  %v = ub.kernel @k(%x, %y, %z) {latency = 0} : (i16, i16, i16) -> i16 {
  ^bb0(%p: i16, %q: i16, %r: i16):
    %s = arith.addi %p, %q : i16
    %t = arith.addi %s, %r : i16
    ub.yield %t : i16
  }
  ub.write %o from %v : i16 {domain = "{ K[i, c] : 0 <= i < 3 and 0 <= c < 3 }", access = "{ K[i, c] -> o[i, c] }", schedule = "{ K[i, c] -> [i + 6] }"} : memref<3x3xi16>
  %w = ub.read %o {domain = "{ T[i, c] : 0 <= i < 3 and 0 <= c < 3 }", access = "{ T[i, c] -> o[i, c] }", schedule = "{ T[i, c] -> [i + 6] }"} : memref<3x3xi16> -> i16
}

// -----

// 2 x 2 lanes (two unrolled dimensions, one loop of 4 after coalescing)
// through three shift registers, read transposed and with one lane
// dimension reversed.
// CHECK-LABEL: ub.graph @square
// CHECK: tap = 6
// CHECK: tap = 3
// CHECK: tap = 1
// CHECK: ub.mem @a_sr0 {{.*}}extent = array<i64: 8, 4>{{.*}}to = 1 : i64
// CHECK: ub.mem @a_sr1 {{.*}}from = 1 : i64{{.*}}to = 3 : i64
// CHECK: ub.mem @a_sr2 {{.*}}from = 3 : i64{{.*}}to = 6 : i64
ub.graph @square {
  %a = ub.buffer @a {arg = 0, capacity = 24} : memref<8x2x2xi16>
  %o = ub.buffer @o {arg = 1, capacity = 0} : memref<3x2x2xi16>
  ub.write %a {domain = "{ S[j, c, d] : 0 <= j < 8 and 0 <= c < 2 and 0 <= d < 2 }", access = "{ S[j, c, d] -> a[j, c, d] }", schedule = "{ S[j, c, d] -> [j] }"} : memref<8x2x2xi16>
  %x = ub.read %a {domain = "{ K[i, c, d] : 0 <= i < 3 and 0 <= c < 2 and 0 <= d < 2 }", access = "{ K[i, c, d] -> a[i, d, c] }", schedule = "{ K[i, c, d] -> [i + 6] }"} : memref<8x2x2xi16> -> i16
  %y = ub.read %a {domain = "{ K[i, c, d] : 0 <= i < 3 and 0 <= c < 2 and 0 <= d < 2 }", access = "{ K[i, c, d] -> a[i + 3, 1 - c, d] }", schedule = "{ K[i, c, d] -> [i + 6] }"} : memref<8x2x2xi16> -> i16
  %z = ub.read %a {domain = "{ K[i, c, d] : 0 <= i < 3 and 0 <= c < 2 and 0 <= d < 2 }", access = "{ K[i, c, d] -> a[i + 5, c, d] }", schedule = "{ K[i, c, d] -> [i + 6] }"} : memref<8x2x2xi16> -> i16
  %v = ub.kernel @k(%x, %y, %z) {latency = 0} : (i16, i16, i16) -> i16 {
  ^bb0(%p: i16, %q: i16, %r: i16):
    %s = arith.addi %p, %q : i16
    %t = arith.addi %s, %r : i16
    ub.yield %t : i16
  }
  ub.write %o from %v : i16 {domain = "{ K[i, c, d] : 0 <= i < 3 and 0 <= c < 2 and 0 <= d < 2 }", access = "{ K[i, c, d] -> o[i, c, d] }", schedule = "{ K[i, c, d] -> [i + 6] }"} : memref<3x2x2xi16>
  %w = ub.read %o {domain = "{ T[i, c, d] : 0 <= i < 3 and 0 <= c < 2 and 0 <= d < 2 }", access = "{ T[i, c, d] -> o[i, c, d] }", schedule = "{ T[i, c, d] -> [i + 6] }"} : memref<3x2x2xi16> -> i16
}
