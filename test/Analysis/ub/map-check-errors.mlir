// ub-map-check executes the elements as the IR describes them: each broken
// map below is reported at the port or buffer concerned.  The graph is a
// 16-value stream read 6 and 1 writes behind: a register (position 1) and a
// 5-word line memory (positions 1 to 6).
// RUN: strata-opt %s --split-input-file --verify-diagnostics --ub-map-check

// The map as ub-map writes it passes.
ub.graph @g {
  %d = ub.buffer @d {capacity = 6 : i64, map = "chain"} : memref<16xi16>
  ub.write %d {access = "{ A[i] -> d[i] }", domain = "{ A[i] : 0 <= i <= 15 }", schedule = "{ A[i] -> [i] }"} : memref<16xi16>
  %r = ub.read %d {access = "{ B[i] -> d[i] }", domain = "{ B[i] : 0 <= i <= 9 }", schedule = "{ B[i] -> [6 + i] }", tap = 6 : i64} : memref<16xi16> -> i16
  %s = ub.read %d {access = "{ B[i] -> d[i + 5] }", domain = "{ B[i] : 0 <= i <= 9 }", schedule = "{ B[i] -> [6 + i] }", tap = 1 : i64} : memref<16xi16> -> i16
  ub.mem @d_sr0 {buffer = "d", ctrls = [{addr_offset = 0 : i64, addr_stride = array<i64: 0>, base = 0 : i64, cycle_offset = 0 : i64, cycle_stride = array<i64: 1>, dir = "write", extent = array<i64: 16>, port = 0 : i64, wrap = 0 : i64}], depth = 1 : i64, from = 0 : i64, kind = "sr", node = "reg", to = 1 : i64, words = 1 : i64}
  ub.mem @d_m0 {buffer = "d", copies = 1 : i64, ctrls = [{addr_offset = 0 : i64, addr_stride = array<i64: 1>, base = 0 : i64, cycle_offset = 0 : i64, cycle_stride = array<i64: 1>, dir = "write", extent = array<i64: 16>, port = 0 : i64, wrap = 5 : i64}, {addr_offset = 1 : i64, addr_stride = array<i64: 1>, base = 0 : i64, cycle_offset = 0 : i64, cycle_stride = array<i64: 1>, dir = "read", extent = array<i64: 16>, port = 0 : i64, wrap = 5 : i64}], depth = 5 : i64, fetch = 1 : i64, kind = "line", node = "mem", segments = array<i64: 1, 6, 0>, tiles = 1 : i64, words = 5 : i64}
}

// -----

// A line memory that wraps one word early returns a value one write too young.
ub.graph @g {
  %d = ub.buffer @d {capacity = 6 : i64, map = "chain"} : memref<16xi16>
  ub.write %d {access = "{ A[i] -> d[i] }", domain = "{ A[i] : 0 <= i <= 15 }", schedule = "{ A[i] -> [i] }"} : memref<16xi16>
  // expected-error @+1 {{ub-map-check: at cycle 6 the read gets element 1 of buffer 'd' instead of 0}}
  %r = ub.read %d {access = "{ B[i] -> d[i] }", domain = "{ B[i] : 0 <= i <= 9 }", schedule = "{ B[i] -> [6 + i] }", tap = 6 : i64} : memref<16xi16> -> i16
  %s = ub.read %d {access = "{ B[i] -> d[i + 5] }", domain = "{ B[i] : 0 <= i <= 9 }", schedule = "{ B[i] -> [6 + i] }", tap = 1 : i64} : memref<16xi16> -> i16
  ub.mem @d_sr0 {buffer = "d", ctrls = [{addr_offset = 0 : i64, addr_stride = array<i64: 0>, base = 0 : i64, cycle_offset = 0 : i64, cycle_stride = array<i64: 1>, dir = "write", extent = array<i64: 16>, port = 0 : i64, wrap = 0 : i64}], depth = 1 : i64, from = 0 : i64, kind = "sr", node = "reg", to = 1 : i64, words = 1 : i64}
  ub.mem @d_m0 {buffer = "d", copies = 1 : i64, ctrls = [{addr_offset = 0 : i64, addr_stride = array<i64: 1>, base = 0 : i64, cycle_offset = 0 : i64, cycle_stride = array<i64: 1>, dir = "write", extent = array<i64: 16>, port = 0 : i64, wrap = 4 : i64}, {addr_offset = 1 : i64, addr_stride = array<i64: 1>, base = 0 : i64, cycle_offset = 0 : i64, cycle_stride = array<i64: 1>, dir = "read", extent = array<i64: 16>, port = 0 : i64, wrap = 4 : i64}], depth = 5 : i64, fetch = 1 : i64, kind = "line", node = "mem", segments = array<i64: 1, 6, 0>, tiles = 1 : i64, words = 5 : i64}
}

// -----

ub.graph @g {
  %d = ub.buffer @d {capacity = 6 : i64, map = "chain"} : memref<16xi16>
  ub.write %d {access = "{ A[i] -> d[i] }", domain = "{ A[i] : 0 <= i <= 15 }", schedule = "{ A[i] -> [i] }"} : memref<16xi16>
  // expected-error @+1 {{ub-map-check: the read taps position 7, which no register or line output of buffer 'd' holds}}
  %r = ub.read %d {access = "{ B[i] -> d[i] }", domain = "{ B[i] : 0 <= i <= 9 }", schedule = "{ B[i] -> [6 + i] }", tap = 7 : i64} : memref<16xi16> -> i16
  %s = ub.read %d {access = "{ B[i] -> d[i + 5] }", domain = "{ B[i] : 0 <= i <= 9 }", schedule = "{ B[i] -> [6 + i] }", tap = 1 : i64} : memref<16xi16> -> i16
  ub.mem @d_sr0 {buffer = "d", ctrls = [{addr_offset = 0 : i64, addr_stride = array<i64: 0>, base = 0 : i64, cycle_offset = 0 : i64, cycle_stride = array<i64: 1>, dir = "write", extent = array<i64: 16>, port = 0 : i64, wrap = 0 : i64}], depth = 1 : i64, from = 0 : i64, kind = "sr", node = "reg", to = 1 : i64, words = 1 : i64}
  ub.mem @d_m0 {buffer = "d", copies = 1 : i64, ctrls = [{addr_offset = 0 : i64, addr_stride = array<i64: 1>, base = 0 : i64, cycle_offset = 0 : i64, cycle_stride = array<i64: 1>, dir = "write", extent = array<i64: 16>, port = 0 : i64, wrap = 5 : i64}, {addr_offset = 1 : i64, addr_stride = array<i64: 1>, base = 0 : i64, cycle_offset = 0 : i64, cycle_stride = array<i64: 1>, dir = "read", extent = array<i64: 16>, port = 0 : i64, wrap = 5 : i64}], depth = 5 : i64, fetch = 1 : i64, kind = "line", node = "mem", segments = array<i64: 1, 6, 0>, tiles = 1 : i64, words = 5 : i64}
}

// -----

ub.graph @g {
  // expected-error @+1 {{ub-map-check: d_m0 addresses word 5 outside its 5}}
  %d = ub.buffer @d {capacity = 6 : i64, map = "chain"} : memref<16xi16>
  ub.write %d {access = "{ A[i] -> d[i] }", domain = "{ A[i] : 0 <= i <= 15 }", schedule = "{ A[i] -> [i] }"} : memref<16xi16>
  %r = ub.read %d {access = "{ B[i] -> d[i] }", domain = "{ B[i] : 0 <= i <= 9 }", schedule = "{ B[i] -> [6 + i] }", tap = 6 : i64} : memref<16xi16> -> i16
  %s = ub.read %d {access = "{ B[i] -> d[i + 5] }", domain = "{ B[i] : 0 <= i <= 9 }", schedule = "{ B[i] -> [6 + i] }", tap = 1 : i64} : memref<16xi16> -> i16
  ub.mem @d_sr0 {buffer = "d", ctrls = [{addr_offset = 0 : i64, addr_stride = array<i64: 0>, base = 0 : i64, cycle_offset = 0 : i64, cycle_stride = array<i64: 1>, dir = "write", extent = array<i64: 16>, port = 0 : i64, wrap = 0 : i64}], depth = 1 : i64, from = 0 : i64, kind = "sr", node = "reg", to = 1 : i64, words = 1 : i64}
  ub.mem @d_m0 {buffer = "d", copies = 1 : i64, ctrls = [{addr_offset = 0 : i64, addr_stride = array<i64: 1>, base = 2 : i64, cycle_offset = 0 : i64, cycle_stride = array<i64: 1>, dir = "write", extent = array<i64: 16>, port = 0 : i64, wrap = 5 : i64}, {addr_offset = 1 : i64, addr_stride = array<i64: 1>, base = 2 : i64, cycle_offset = 0 : i64, cycle_stride = array<i64: 1>, dir = "read", extent = array<i64: 16>, port = 0 : i64, wrap = 5 : i64}], depth = 5 : i64, fetch = 1 : i64, kind = "line", node = "mem", segments = array<i64: 1, 6, 0>, tiles = 1 : i64, words = 5 : i64}
}

// -----

ub.graph @g {
  // expected-error @+1 {{ub-map-check: the elements of buffer 'd' do not continue its chain at position 1}}
  %d = ub.buffer @d {capacity = 6 : i64, map = "chain"} : memref<16xi16>
  ub.write %d {access = "{ A[i] -> d[i] }", domain = "{ A[i] : 0 <= i <= 15 }", schedule = "{ A[i] -> [i] }"} : memref<16xi16>
  %r = ub.read %d {access = "{ B[i] -> d[i] }", domain = "{ B[i] : 0 <= i <= 9 }", schedule = "{ B[i] -> [6 + i] }", tap = 6 : i64} : memref<16xi16> -> i16
  %s = ub.read %d {access = "{ B[i] -> d[i + 5] }", domain = "{ B[i] : 0 <= i <= 9 }", schedule = "{ B[i] -> [6 + i] }", tap = 1 : i64} : memref<16xi16> -> i16
  ub.mem @d_sr0 {buffer = "d", ctrls = [{addr_offset = 0 : i64, addr_stride = array<i64: 0>, base = 0 : i64, cycle_offset = 0 : i64, cycle_stride = array<i64: 1>, dir = "write", extent = array<i64: 16>, port = 0 : i64, wrap = 0 : i64}], depth = 1 : i64, from = 0 : i64, kind = "sr", node = "reg", to = 1 : i64, words = 1 : i64}
  ub.mem @d_m0 {buffer = "d", copies = 1 : i64, ctrls = [{addr_offset = 0 : i64, addr_stride = array<i64: 1>, base = 0 : i64, cycle_offset = 0 : i64, cycle_stride = array<i64: 1>, dir = "write", extent = array<i64: 16>, port = 0 : i64, wrap = 5 : i64}, {addr_offset = 1 : i64, addr_stride = array<i64: 1>, base = 0 : i64, cycle_offset = 0 : i64, cycle_stride = array<i64: 1>, dir = "read", extent = array<i64: 16>, port = 0 : i64, wrap = 5 : i64}], depth = 5 : i64, fetch = 1 : i64, kind = "line", node = "mem", segments = array<i64: 2, 6, 0>, tiles = 1 : i64, words = 5 : i64}
}

// -----

ub.graph @g {
  %d = ub.buffer @d {capacity = 6 : i64, map = "chain"} : memref<16xi16>
  // expected-error @+1 {{ub-map-check: d_sr0 fires at cycle 3 where its port's point #0 is at cycle 0}}
  ub.write %d {access = "{ A[i] -> d[i] }", domain = "{ A[i] : 0 <= i <= 15 }", schedule = "{ A[i] -> [i] }"} : memref<16xi16>
  %r = ub.read %d {access = "{ B[i] -> d[i] }", domain = "{ B[i] : 0 <= i <= 9 }", schedule = "{ B[i] -> [6 + i] }", tap = 6 : i64} : memref<16xi16> -> i16
  %s = ub.read %d {access = "{ B[i] -> d[i + 5] }", domain = "{ B[i] : 0 <= i <= 9 }", schedule = "{ B[i] -> [6 + i] }", tap = 1 : i64} : memref<16xi16> -> i16
  ub.mem @d_sr0 {buffer = "d", ctrls = [{addr_offset = 0 : i64, addr_stride = array<i64: 0>, base = 0 : i64, cycle_offset = 3 : i64, cycle_stride = array<i64: 1>, dir = "write", extent = array<i64: 16>, port = 0 : i64, wrap = 0 : i64}], depth = 1 : i64, from = 0 : i64, kind = "sr", node = "reg", to = 1 : i64, words = 1 : i64}
  ub.mem @d_m0 {buffer = "d", copies = 1 : i64, ctrls = [{addr_offset = 0 : i64, addr_stride = array<i64: 1>, base = 0 : i64, cycle_offset = 0 : i64, cycle_stride = array<i64: 1>, dir = "write", extent = array<i64: 16>, port = 0 : i64, wrap = 5 : i64}, {addr_offset = 1 : i64, addr_stride = array<i64: 1>, base = 0 : i64, cycle_offset = 0 : i64, cycle_stride = array<i64: 1>, dir = "read", extent = array<i64: 16>, port = 0 : i64, wrap = 5 : i64}], depth = 5 : i64, fetch = 1 : i64, kind = "line", node = "mem", segments = array<i64: 1, 6, 0>, tiles = 1 : i64, words = 5 : i64}
}

// -----

ub.graph @g {
  // expected-error @+1 {{ub-map-check: d_m0 lacks controllers}}
  %d = ub.buffer @d {capacity = 6 : i64, map = "chain"} : memref<16xi16>
  ub.write %d {access = "{ A[i] -> d[i] }", domain = "{ A[i] : 0 <= i <= 15 }", schedule = "{ A[i] -> [i] }"} : memref<16xi16>
  %r = ub.read %d {access = "{ B[i] -> d[i] }", domain = "{ B[i] : 0 <= i <= 9 }", schedule = "{ B[i] -> [6 + i] }", tap = 6 : i64} : memref<16xi16> -> i16
  %s = ub.read %d {access = "{ B[i] -> d[i + 5] }", domain = "{ B[i] : 0 <= i <= 9 }", schedule = "{ B[i] -> [6 + i] }", tap = 1 : i64} : memref<16xi16> -> i16
  ub.mem @d_sr0 {buffer = "d", ctrls = [{addr_offset = 0 : i64, addr_stride = array<i64: 0>, base = 0 : i64, cycle_offset = 0 : i64, cycle_stride = array<i64: 1>, dir = "write", extent = array<i64: 16>, port = 0 : i64, wrap = 0 : i64}], depth = 1 : i64, from = 0 : i64, kind = "sr", node = "reg", to = 1 : i64, words = 1 : i64}
  ub.mem @d_m0 {buffer = "d", copies = 1 : i64, ctrls = [{addr_offset = 0 : i64, addr_stride = array<i64: 1>, base = 0 : i64, cycle_offset = 0 : i64, cycle_stride = array<i64: 1>, dir = "write", extent = array<i64: 16>, port = 0 : i64, wrap = 5 : i64}], depth = 5 : i64, fetch = 1 : i64, kind = "line", node = "mem", segments = array<i64: 1, 6, 0>, tiles = 1 : i64, words = 5 : i64}
}

// -----

ub.graph @g {
  // expected-error @+1 {{ub-map-check: buffer 'd' is a chain but has 2 write ports}}
  %d = ub.buffer @d {capacity = 6 : i64, map = "chain"} : memref<16xi16>
  ub.write %d {access = "{ A[i] -> d[i] }", domain = "{ A[i] : 0 <= i <= 15 }", schedule = "{ A[i] -> [i] }"} : memref<16xi16>
  ub.write %d {access = "{ C[i] -> d[i] }", domain = "{ C[i] : 0 <= i <= 15 }", schedule = "{ C[i] -> [100 + i] }"} : memref<16xi16>
  %r = ub.read %d {access = "{ B[i] -> d[i] }", domain = "{ B[i] : 0 <= i <= 9 }", schedule = "{ B[i] -> [6 + i] }", tap = 6 : i64} : memref<16xi16> -> i16
  %s = ub.read %d {access = "{ B[i] -> d[i + 5] }", domain = "{ B[i] : 0 <= i <= 9 }", schedule = "{ B[i] -> [6 + i] }", tap = 1 : i64} : memref<16xi16> -> i16
  ub.mem @d_sr0 {buffer = "d", ctrls = [{addr_offset = 0 : i64, addr_stride = array<i64: 0>, base = 0 : i64, cycle_offset = 0 : i64, cycle_stride = array<i64: 1>, dir = "write", extent = array<i64: 16>, port = 0 : i64, wrap = 0 : i64}], depth = 1 : i64, from = 0 : i64, kind = "sr", node = "reg", to = 1 : i64, words = 1 : i64}
  ub.mem @d_m0 {buffer = "d", copies = 1 : i64, ctrls = [{addr_offset = 0 : i64, addr_stride = array<i64: 1>, base = 0 : i64, cycle_offset = 0 : i64, cycle_stride = array<i64: 1>, dir = "write", extent = array<i64: 16>, port = 0 : i64, wrap = 5 : i64}, {addr_offset = 1 : i64, addr_stride = array<i64: 1>, base = 0 : i64, cycle_offset = 0 : i64, cycle_stride = array<i64: 1>, dir = "read", extent = array<i64: 16>, port = 0 : i64, wrap = 5 : i64}], depth = 5 : i64, fetch = 1 : i64, kind = "line", node = "mem", segments = array<i64: 1, 6, 0>, tiles = 1 : i64, words = 5 : i64}
}

// -----

ub.graph @g {
  // expected-error @+1 {{buffer 'd' is not mapped (run ub-map)}}
  %d = ub.buffer @d {capacity = 6 : i64} : memref<16xi16>
  ub.write %d {access = "{ A[i] -> d[i] }", domain = "{ A[i] : 0 <= i <= 15 }", schedule = "{ A[i] -> [i] }"} : memref<16xi16>
  %r = ub.read %d {access = "{ B[i] -> d[i] }", domain = "{ B[i] : 0 <= i <= 9 }", schedule = "{ B[i] -> [6 + i] }", tap = 6 : i64} : memref<16xi16> -> i16
  %s = ub.read %d {access = "{ B[i] -> d[i + 5] }", domain = "{ B[i] : 0 <= i <= 9 }", schedule = "{ B[i] -> [6 + i] }", tap = 1 : i64} : memref<16xi16> -> i16
  ub.mem @d_sr0 {buffer = "d", ctrls = [{addr_offset = 0 : i64, addr_stride = array<i64: 0>, base = 0 : i64, cycle_offset = 0 : i64, cycle_stride = array<i64: 1>, dir = "write", extent = array<i64: 16>, port = 0 : i64, wrap = 0 : i64}], depth = 1 : i64, from = 0 : i64, kind = "sr", node = "reg", to = 1 : i64, words = 1 : i64}
  ub.mem @d_m0 {buffer = "d", copies = 1 : i64, ctrls = [{addr_offset = 0 : i64, addr_stride = array<i64: 1>, base = 0 : i64, cycle_offset = 0 : i64, cycle_stride = array<i64: 1>, dir = "write", extent = array<i64: 16>, port = 0 : i64, wrap = 5 : i64}, {addr_offset = 1 : i64, addr_stride = array<i64: 1>, base = 0 : i64, cycle_offset = 0 : i64, cycle_stride = array<i64: 1>, dir = "read", extent = array<i64: 16>, port = 0 : i64, wrap = 5 : i64}], depth = 5 : i64, fetch = 1 : i64, kind = "line", node = "mem", segments = array<i64: 1, 6, 0>, tiles = 1 : i64, words = 5 : i64}
}

// -----

ub.graph @g {
  %d = ub.buffer @d {capacity = 6 : i64, map = "chain"} : memref<16xi16>
  ub.write %d {access = "{ A[i] -> d[i] }", domain = "{ A[i] : 0 <= i <= 15 }", schedule = "{ A[i] -> [i] }"} : memref<16xi16>
  %r = ub.read %d {access = "{ B[i] -> d[i] }", domain = "{ B[i] : 0 <= i <= 9 }", schedule = "{ B[i] -> [6 + i] }", tap = 6 : i64} : memref<16xi16> -> i16
  %s = ub.read %d {access = "{ B[i] -> d[i + 5] }", domain = "{ B[i] : 0 <= i <= 9 }", schedule = "{ B[i] -> [6 + i] }", tap = 1 : i64} : memref<16xi16> -> i16
  ub.mem @d_sr0 {buffer = "d", ctrls = [{addr_offset = 0 : i64, addr_stride = array<i64: 0>, base = 0 : i64, cycle_offset = 0 : i64, cycle_stride = array<i64: 1>, dir = "write", extent = array<i64: 16>, port = 0 : i64, wrap = 0 : i64}], depth = 1 : i64, from = 0 : i64, kind = "sr", node = "reg", to = 1 : i64, words = 1 : i64}
  // expected-error @+1 {{'segments' must be an array of from, to, base triples}}
  ub.mem @d_m0 {buffer = "d", copies = 1 : i64, ctrls = [{addr_offset = 0 : i64, addr_stride = array<i64: 1>, base = 0 : i64, cycle_offset = 0 : i64, cycle_stride = array<i64: 1>, dir = "write", extent = array<i64: 16>, port = 0 : i64, wrap = 5 : i64}, {addr_offset = 1 : i64, addr_stride = array<i64: 1>, base = 0 : i64, cycle_offset = 0 : i64, cycle_stride = array<i64: 1>, dir = "read", extent = array<i64: 16>, port = 0 : i64, wrap = 5 : i64}], depth = 5 : i64, fetch = 1 : i64, kind = "line", node = "mem", segments = array<i64: 1, 6>, tiles = 1 : i64, words = 5 : i64}
}

// -----

ub.graph @g {
  %d = ub.buffer @d {capacity = 6 : i64, map = "chain"} : memref<16xi16>
  ub.write %d {access = "{ A[i] -> d[i] }", domain = "{ A[i] : 0 <= i <= 15 }", schedule = "{ A[i] -> [i] }"} : memref<16xi16>
  %r = ub.read %d {access = "{ B[i] -> d[i] }", domain = "{ B[i] : 0 <= i <= 9 }", schedule = "{ B[i] -> [6 + i] }", tap = 6 : i64} : memref<16xi16> -> i16
  %s = ub.read %d {access = "{ B[i] -> d[i + 5] }", domain = "{ B[i] : 0 <= i <= 9 }", schedule = "{ B[i] -> [6 + i] }", tap = 1 : i64} : memref<16xi16> -> i16
  // expected-error @+1 {{controller #0 serves port 7; the graph has 3}}
  ub.mem @d_sr0 {buffer = "d", ctrls = [{addr_offset = 0 : i64, addr_stride = array<i64: 0>, base = 0 : i64, cycle_offset = 0 : i64, cycle_stride = array<i64: 1>, dir = "write", extent = array<i64: 16>, port = 7 : i64, wrap = 0 : i64}], depth = 1 : i64, from = 0 : i64, kind = "sr", node = "reg", to = 1 : i64, words = 1 : i64}
  ub.mem @d_m0 {buffer = "d", copies = 1 : i64, ctrls = [{addr_offset = 0 : i64, addr_stride = array<i64: 1>, base = 0 : i64, cycle_offset = 0 : i64, cycle_stride = array<i64: 1>, dir = "write", extent = array<i64: 16>, port = 0 : i64, wrap = 5 : i64}, {addr_offset = 1 : i64, addr_stride = array<i64: 1>, base = 0 : i64, cycle_offset = 0 : i64, cycle_stride = array<i64: 1>, dir = "read", extent = array<i64: 16>, port = 0 : i64, wrap = 5 : i64}], depth = 5 : i64, fetch = 1 : i64, kind = "line", node = "mem", segments = array<i64: 1, 6, 0>, tiles = 1 : i64, words = 5 : i64}
}

// -----

// A random-access memory read backwards passes; reading forwards does not.
ub.graph @g {
  %d = ub.buffer @d {capacity = 16 : i64, map = "ram"} : memref<16xi16>
  ub.write %d {access = "{ A[i] -> d[i] }", domain = "{ A[i] : 0 <= i <= 15 }", schedule = "{ A[i] -> [i] }"} : memref<16xi16>
  %r = ub.read %d {access = "{ B[i] -> d[15 - i] }", domain = "{ B[i] : 0 <= i <= 15 }", schedule = "{ B[i] -> [16 + i] }"} : memref<16xi16> -> i16
  ub.mem @d_m0 {buffer = "d", copies = 1 : i64, ctrls = [{addr_offset = 0 : i64, addr_stride = array<i64: 1>, base = 0 : i64, cycle_offset = 0 : i64, cycle_stride = array<i64: 1>, dir = "write", extent = array<i64: 16>, port = 0 : i64, wrap = 0 : i64}, {addr_offset = 15 : i64, addr_stride = array<i64: -1>, base = 0 : i64, cycle_offset = 16 : i64, cycle_stride = array<i64: 1>, dir = "read", extent = array<i64: 16>, port = 1 : i64, wrap = 0 : i64}], depth = 16 : i64, fetch = 1 : i64, kind = "ram", node = "mem", tiles = 1 : i64, words = 16 : i64}
}

// -----

ub.graph @g {
  %d = ub.buffer @d {capacity = 16 : i64, map = "ram"} : memref<16xi16>
  ub.write %d {access = "{ A[i] -> d[i] }", domain = "{ A[i] : 0 <= i <= 15 }", schedule = "{ A[i] -> [i] }"} : memref<16xi16>
  // expected-error @+1 {{ub-map-check: at cycle 16 the read gets element 0 of buffer 'd' instead of 15}}
  %r = ub.read %d {access = "{ B[i] -> d[15 - i] }", domain = "{ B[i] : 0 <= i <= 15 }", schedule = "{ B[i] -> [16 + i] }"} : memref<16xi16> -> i16
  ub.mem @d_m0 {buffer = "d", copies = 1 : i64, ctrls = [{addr_offset = 0 : i64, addr_stride = array<i64: 1>, base = 0 : i64, cycle_offset = 0 : i64, cycle_stride = array<i64: 1>, dir = "write", extent = array<i64: 16>, port = 0 : i64, wrap = 0 : i64}, {addr_offset = 0 : i64, addr_stride = array<i64: 1>, base = 0 : i64, cycle_offset = 16 : i64, cycle_stride = array<i64: 1>, dir = "read", extent = array<i64: 16>, port = 1 : i64, wrap = 0 : i64}], depth = 16 : i64, fetch = 1 : i64, kind = "ram", node = "mem", tiles = 1 : i64, words = 16 : i64}
}

// -----

ub.graph @g {
  %d = ub.buffer @d {capacity = 16 : i64, map = "ram"} : memref<16xi16>
  ub.write %d {access = "{ A[i] -> d[i] }", domain = "{ A[i] : 0 <= i <= 15 }", schedule = "{ A[i] -> [i] }"} : memref<16xi16>
  // expected-error @+1 {{ub-map-check: d_m0 fires 15 times for the 16 points of its port}}
  %r = ub.read %d {access = "{ B[i] -> d[15 - i] }", domain = "{ B[i] : 0 <= i <= 15 }", schedule = "{ B[i] -> [16 + i] }"} : memref<16xi16> -> i16
  ub.mem @d_m0 {buffer = "d", copies = 1 : i64, ctrls = [{addr_offset = 0 : i64, addr_stride = array<i64: 1>, base = 0 : i64, cycle_offset = 0 : i64, cycle_stride = array<i64: 1>, dir = "write", extent = array<i64: 16>, port = 0 : i64, wrap = 0 : i64}, {addr_offset = 15 : i64, addr_stride = array<i64: -1>, base = 0 : i64, cycle_offset = 16 : i64, cycle_stride = array<i64: 1>, dir = "read", extent = array<i64: 15>, port = 1 : i64, wrap = 0 : i64}], depth = 16 : i64, fetch = 1 : i64, kind = "ram", node = "mem", tiles = 1 : i64, words = 16 : i64}
}

// -----

// A gate must be pairs of bounds.
ub.graph @g {
  // expected-error @+1 {{ub-map: 'gate' must be an array of 2 x n integers (lower and upper bounds), n <= 8}}
  %d = ub.buffer @d {capacity = 6 : i64, gate = array<i64: 0, 1, 2>, map = "chain"} : memref<16xi16>
  ub.write %d {access = "{ A[i] -> d[i] }", domain = "{ A[i] : 0 <= i <= 15 }", schedule = "{ A[i] -> [i] }"} : memref<16xi16>
}

// -----

// A gate of two dimensions on a one-dimensional write.
ub.graph @g {
  // expected-error @+1 {{ub-map-check: the gate of buffer 'd' has 2 dimensions, its write 1}}
  %d = ub.buffer @d {capacity = 6 : i64, gate = array<i64: 0, 0, 1, 1>, map = "chain"} : memref<16xi16>
  ub.write %d {access = "{ A[i] -> d[i] }", domain = "{ A[i] : 0 <= i <= 15 }", schedule = "{ A[i] -> [i] }"} : memref<16xi16>
  %s = ub.read %d {access = "{ B[i] -> d[i + 5] }", domain = "{ B[i] : 0 <= i <= 9 }", schedule = "{ B[i] -> [6 + i] }", tap = 1 : i64} : memref<16xi16> -> i16
  ub.mem @d_sr0 {buffer = "d", ctrls = [{addr_offset = 0 : i64, addr_stride = array<i64: 0>, base = 0 : i64, cycle_offset = 0 : i64, cycle_stride = array<i64: 1>, dir = "write", extent = array<i64: 16>, port = 0 : i64, wrap = 0 : i64}], depth = 1 : i64, from = 0 : i64, kind = "sr", node = "reg", to = 1 : i64, words = 1 : i64}
}

// -----

// Lane taps replace the one tap of a read; both is an error, and so is
// an empty list.
ub.graph @g {
  %d = ub.buffer @d {capacity = 6 : i64, map = "chain"} : memref<16xi16>
  ub.write %d {access = "{ A[i] -> d[i] }", domain = "{ A[i] : 0 <= i <= 15 }", schedule = "{ A[i] -> [i] }"} : memref<16xi16>
  // expected-error @+1 {{ub-map: 'lane_taps' must be an array of 1 to 64 positions, on a port without 'tap'}}
  %s = ub.read %d {access = "{ B[i] -> d[i + 5] }", domain = "{ B[i] : 0 <= i <= 9 }", lane_taps = array<i64: 1>, schedule = "{ B[i] -> [6 + i] }", tap = 1 : i64} : memref<16xi16> -> i16
}

// -----

// A lane tap no element holds.
ub.graph @g {
  %d = ub.buffer @d {capacity = 6 : i64, map = "chain"} : memref<16xi16>
  ub.write %d {access = "{ A[i] -> d[i] }", domain = "{ A[i] : 0 <= i <= 15 }", schedule = "{ A[i] -> [i] }"} : memref<16xi16>
  // expected-error @+1 {{ub-map-check: the read taps position 3, which no register or line output of buffer 'd' holds}}
  %s = ub.read %d {access = "{ B[i] -> d[i + 5] }", domain = "{ B[i] : 0 <= i <= 9 }", lane_taps = array<i64: 3>, schedule = "{ B[i] -> [6 + i] }"} : memref<16xi16> -> i16
  ub.mem @d_sr0 {buffer = "d", ctrls = [{addr_offset = 0 : i64, addr_stride = array<i64: 0>, base = 0 : i64, cycle_offset = 0 : i64, cycle_stride = array<i64: 1>, dir = "write", extent = array<i64: 16>, port = 0 : i64, wrap = 0 : i64}], depth = 1 : i64, from = 0 : i64, kind = "sr", node = "reg", to = 1 : i64, words = 1 : i64}
}
