// One ub-map rule per graph, on hand-written scheduled graphs; each result
// is executed by ub-map-check.
// RUN: strata-opt %s --split-input-file --acg=%S/Inputs/map-chain.acg --ub-map --ub-map-check | FileCheck %s
// RUN: strata-opt %s --split-input-file --acg=%strata_src_root/archs/amber-cgra.acg --ub-map --ub-map-check | FileCheck %s --check-prefix=AMBER
// RUN: strata-opt %s --split-input-file --pass-pipeline='builtin.module(ub-map{sr-max=100},ub-map-check)' | FileCheck %s --check-prefix=SR

// Chaining: a delay of 80 writes is longer than a 32-word memory, so the
// line continues through three memories in series.  With sr-max=100 it is
// 80 registers.
// CHECK-LABEL: ub.graph @delay
// CHECK: tap = 80 : i64
// CHECK: ub.mem @d_m0 {{.*}}segments = array<i64: 0, 32, 0>, tiles = 1 : i64, words = 32 : i64}
// CHECK-NEXT: ub.mem @d_m1 {{.*}}segments = array<i64: 32, 64, 0>, tiles = 1 : i64, words = 32 : i64}
// CHECK-NEXT: ub.mem @d_m2 {{.*}}segments = array<i64: 64, 80, 0>, tiles = 1 : i64, words = 16 : i64}
// CHECK-NOT: ub.mem
// SR-LABEL: ub.graph @delay
// SR: ub.mem @d_sr0 {{.*}}from = 0 : i64, kind = "sr", node = "reg", to = 80 : i64, words = 80 : i64}
// SR-NOT: ub.mem @d_m
ub.graph @delay {
  %d = ub.buffer @d {capacity = 80 : i64} : memref<200xi16>
  ub.write %d {domain = "{ A[i] : 0 <= i <= 199 }", access = "{ A[i] -> d[i] }", schedule = "{ A[i] -> [i] }"} : memref<200xi16>
  %r = ub.read %d {domain = "{ B[i] : 0 <= i <= 119 }", access = "{ B[i] -> d[i] }", schedule = "{ B[i] -> [80 + i] }"} : memref<200xi16> -> i16
}

// -----

// Banking and chaining of a random-access buffer: read back in reverse
// order (no fixed distance), three reads on memories with two read ports
// give two banks, each taking the write; 64 words span two chained 32-word
// memories.  Addresses follow the access maps: 63 - i is offset 63, stride
// -1.
// CHECK-LABEL: ub.graph @banks
// CHECK: ub.buffer @r {capacity = 64 : i64, map = "ram"}
// CHECK: ub.mem @r_m0 {buffer = "r", copies = 2 : i64, ctrls = [{addr_offset = 0 : i64, addr_stride = array<i64: 1>, {{.*}}dir = "write", extent = array<i64: 64>, port = 0 : i64, {{.*}}}, {addr_offset = 63 : i64, addr_stride = array<i64: -1>, {{.*}}cycle_offset = 64 : i64, {{.*}}dir = "read", {{.*}}port = 1 : i64, {{.*}}}, {{{.*}}dir = "read"{{.*}}port = 2 : i64{{.*}}}], depth = 64 : i64, fetch = 1 : i64, kind = "ram", node = "M", tiles = 2 : i64, words = 64 : i64}
// CHECK-NEXT: ub.mem @r_m1 {buffer = "r", copies = 2 : i64, ctrls = [{{{.*}}dir = "write"{{.*}}port = 0 : i64{{.*}}}, {{{.*}}dir = "read"{{.*}}port = 3 : i64{{.*}}}], {{.*}}tiles = 2 : i64
ub.graph @banks {
  %b = ub.buffer @r {capacity = 64 : i64} : memref<64xi16>
  ub.write %b {domain = "{ A[i] : 0 <= i <= 63 }", access = "{ A[i] -> r[i] }", schedule = "{ A[i] -> [i] }"} : memref<64xi16>
  %x = ub.read %b {domain = "{ C[i] : 0 <= i <= 63 }", access = "{ C[i] -> r[63 - i] }", schedule = "{ C[i] -> [64 + i] }"} : memref<64xi16> -> i16
  %y = ub.read %b {domain = "{ C[i] : 0 <= i <= 63 }", access = "{ C[i] -> r[i] }", schedule = "{ C[i] -> [64 + i] }"} : memref<64xi16> -> i16
  %z = ub.read %b {domain = "{ C[i] : 0 <= i <= 63 }", access = "{ C[i] -> r[63 - i] }", schedule = "{ C[i] -> [65 + i] }"} : memref<64xi16> -> i16
}

// -----

// Loop coalescing: a 2-d read whose outer stride is the inner extent times
// the inner stride, in time and in address, runs as one loop of 64; a
// transposed read cannot merge and keeps two levels (strides 1 and 8).
// CHECK-LABEL: ub.graph @coalesce
// CHECK: ub.mem @t_m0 {{.*}}{addr_offset = 0 : i64, addr_stride = array<i64: 1>, base = 0 : i64, cycle_offset = 0 : i64, cycle_stride = array<i64: 1>, dir = "write", extent = array<i64: 64>{{.*}}{addr_offset = 0 : i64, addr_stride = array<i64: 1, 8>, base = 0 : i64, cycle_offset = 64 : i64, cycle_stride = array<i64: 8, 1>, dir = "read", extent = array<i64: 8, 8>
ub.graph @coalesce {
  %b = ub.buffer @t {capacity = 64 : i64} : memref<8x8xi16>
  ub.write %b {domain = "{ A[i, j] : 0 <= i <= 7 and 0 <= j <= 7 }", access = "{ A[i, j] -> t[i, j] }", schedule = "{ A[i, j] -> [8i + j] }"} : memref<8x8xi16>
  %x = ub.read %b {domain = "{ C[i, j] : 0 <= i <= 7 and 0 <= j <= 7 }", access = "{ C[i, j] -> t[j, i] }", schedule = "{ C[i, j] -> [64 + 8i + j] }"} : memref<8x8xi16> -> i16
}

// -----

// ROM mode: a constant table (kind = "rom") is preloaded, read only, its
// 10 words rounded up to whole fetches (12 on Amber's 4-word fetch).
// AMBER-LABEL: ub.graph @lut
// AMBER: ub.buffer @lut {kind = "rom", map = "rom"}
// AMBER: ub.mem @lut_rom0 {buffer = "lut", copies = 1 : i64, ctrls = [{{{.*}}dir = "read"{{.*}}}], depth = 12 : i64, fetch = 4 : i64, kind = "rom", node = "MEM", tiles = 1 : i64, words = 12 : i64}
ub.graph @lut {
  %b = ub.buffer @lut {kind = "rom"} : memref<10xi16>
  %r = ub.read %b {domain = "{ C[i] : 0 <= i <= 9 }", access = "{ C[i] -> lut[i] }", schedule = "{ C[i] -> [i] }"} : memref<10xi16> -> i16
}

// -----

// The address window: reading each group of 4 backwards is no delay line,
// but no value lives while more than 7 later ones are written, so the
// 64-element buffer is addressed modulo 8 (wrap) in 8 words (its capacity
// is 4: an affine address costs twice that here; modulo 7, the write of
// element 4j+7 would land on 4j in the cycle 4j is read).
// CHECK-LABEL: ub.graph @window
// CHECK: ub.buffer @v {capacity = 4 : i64, map = "ram"}
// CHECK: ub.mem @v_m0 {buffer = "v", copies = 1 : i64, ctrls = [{addr_offset = 0 : i64, addr_stride = array<i64: 1>, {{.*}}dir = "write", extent = array<i64: 64>, port = 0 : i64, wrap = 8 : i64}, {addr_offset = 3 : i64, addr_stride = array<i64: 4, -1>, base = 0 : i64, cycle_offset = 4 : i64, cycle_stride = array<i64: 4, 1>, dir = "read", extent = array<i64: 16, 4>, port = 1 : i64, wrap = 8 : i64}], depth = 8 : i64, fetch = 1 : i64, kind = "ram", node = "M", tiles = 1 : i64, words = 8 : i64}
ub.graph @window {
  %b = ub.buffer @v {capacity = 4 : i64} : memref<64xi16>
  ub.write %b {domain = "{ A[i] : 0 <= i <= 63 }", access = "{ A[i] -> v[i] }", schedule = "{ A[i] -> [i] }"} : memref<64xi16>
  %x = ub.read %b {domain = "{ C[j, k] : 0 <= j <= 15 and 0 <= k <= 3 }", access = "{ C[j, k] -> v[4j + 3 - k] }", schedule = "{ C[j, k] -> [4 + 4j + k] }"} : memref<64xi16> -> i16
}
