// ub-map's gate (docs/unified-buffers.md, "ub-map"): a delay line shifts
// only on the writes whose value a read at a nonzero distance needs, when
// that gives every read a fixed distance; otherwise every write shifts it.
// RUN: strata-opt %s --ub-map --ub-map-check | FileCheck %s

// @gated: b[y, x] (4 rows of 8) is read at distance 0 whole (k0) and a
// row later in columns 2..5 only (k1).  The box of what k1 reads is
// columns 2..5 of rows 0..2; rows 0..2 alone would not do (the last read
// row comes while row 3 is written), so the gate widens to every row:
// columns 2..5, 4 registers, where an ungated line would take 8 words
// (the registers' controller enumerates the gate: 4 x 4 writes from
// cycle 2).
// CHECK-LABEL: ub.graph @gated
// CHECK: ub.buffer @b {{.*}}gate = array<i64: 0, 2, 3, 5>, map = "chain"
// CHECK: ub.read %{{.*}}tap = 0
// CHECK: ub.read %{{.*}}tap = 4
// CHECK: ub.mem @b_sr0 {{.*}}cycle_offset = 2 : i64, cycle_stride = array<i64: 8, 1>, dir = "write", extent = array<i64: 4, 4>{{.*}}kind = "sr"{{.*}}words = 4
ub.graph @gated {
  %b = ub.buffer @b {arg = 0, capacity = 4} : memref<4x8xi16>
  ub.write %b {domain = "{ S[y, x] : 0 <= y < 4 and 0 <= x < 8 }", access = "{ S[y, x] -> b[y, x] }", schedule = "{ S[y, x] -> [8y + x] }"} : memref<4x8xi16>
  %p = ub.read %b {domain = "{ K0[y, x] : 0 <= y < 4 and 0 <= x < 8 }", access = "{ K0[y, x] -> b[y, x] }", schedule = "{ K0[y, x] -> [8y + x] }"} : memref<4x8xi16> -> i16
  %q = ub.read %b {domain = "{ K1[y, x] : 0 <= y < 3 and 2 <= x < 6 }", access = "{ K1[y, x] -> b[y, x] }", schedule = "{ K1[y, x] -> [8y + x + 8] }"} : memref<4x8xi16> -> i16
}

// @fallback: a[x] is read 2 writes later for x in 2..5 only.  Shifting on
// those writes alone would put a[5] one gated write back when it is read
// (a[6] is not gated) but a[2] two: no fixed distance, so the line shifts
// on every write (no gate) and the read taps position 2.
// CHECK-LABEL: ub.graph @fallback
// CHECK: ub.buffer @a {arg = 0 : i64, capacity = 2 : i64, map = "chain"}
// CHECK: ub.read %{{.*}}tap = 2
// CHECK: ub.mem @a_sr0 {{.*}}extent = array<i64: 8>{{.*}}kind = "sr"{{.*}}words = 2
ub.graph @fallback {
  %a = ub.buffer @a {arg = 0, capacity = 2} : memref<8xi16>
  ub.write %a {domain = "{ S[x] : 0 <= x < 8 }", access = "{ S[x] -> a[x] }", schedule = "{ S[x] -> [x] }"} : memref<8xi16>
  %q = ub.read %a {domain = "{ K[x] : 2 <= x < 6 }", access = "{ K[x] -> a[x] }", schedule = "{ K[x] -> [x + 2] }"} : memref<8xi16> -> i16
}
