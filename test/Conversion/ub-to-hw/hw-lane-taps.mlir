// Lanes along x on a delay line (issue 24, Done-when 4): a stream written
// two values a cycle as a[2q + l] and read at x, x + 1 and x + 3 by a
// kernel unrolled the same way.  Lane 1 reading x + 1 takes lane 0 of the
// next transfer, so the lanes of one read tap different positions:
// ub-map gives such a read `lane_taps` (per reader lane, in transfers),
// ub-map-check executes them (a swapped pair is caught), and ub-to-hw
// taps each lane's own position of the lane's delay line.  With a[j] = j
// and o[x] = a[x] + 16 a[x + 1] + 256 a[x + 3], each hex digit of an
// output names the element it took; two outputs a cycle, 6 transfers.
// RUN: strata-opt %s --ub-capacity --ub-map --ub-map-check -o %t.map.mlir
// RUN: FileCheck %s --check-prefix=MAP < %t.map.mlir
// RUN: sed 's/lane_taps = array<i64: 2, 1>/lane_taps = array<i64: 1, 2>/' %t.map.mlir | not strata-opt --ub-map-check -o %t.bad.mlir 2>&1 | FileCheck %s --check-prefix=SWAP
// RUN: strata-opt %s --ub-capacity --convert-ub-to-hw -o %t.mlir
// RUN: FileCheck %s --check-prefix=HW < %t.mlir
// RUN: %python -c "print('\n'.join(['1 0 0 0'] * 2 + ['0 1 %%x %%x' %% (2 * j, 2 * j + 1) for j in range(8)] + ['0 0 0 0']))" > %t.stim
// RUN: strata-hwsim %t.mlir --stimulus=%t.stim --top=g_stream | FileCheck %s --match-full-lines
// MAP: ub.buffer @a {arg = 0 : i64, capacity = 4 : i64, enumerated, kind = "line", map = "chain"}
// MAP: access = "{ K[q, l] -> a[2q + l] }"{{.*}}tap = 2 : i64
// MAP: access = "{ K[q, l] -> a[2q + l + 1] }"{{.*}}lane_taps = array<i64: 2, 1>
// MAP: access = "{ K[q, l] -> a[2q + l + 3] }"{{.*}}lane_taps = array<i64: 1, 0>
// SWAP: error: 'ub.read' op ub-map-check: at cycle 2 the read gets element 3 of buffer 'a' instead of 1
// HW: hw.module @g_stream(in %clk : !seq.clock, in %reset : i1, in %a_valid : i1, in %a_data0 : i16, in %a_data1 : i16, out a_ready : i1, out o_valid : i1, out o_data0 : i16, out o_data1 : i16, out done : i1)
// HW-DAG: ub.words = {a = 4 : i64}
// CHECK:      0 0 0000 0000 0
// CHECK-NEXT: 0 0 0000 0000 0
// CHECK-NEXT: 1 0 {{[0-9a-f]+}} {{[0-9a-f]+}} 0
// CHECK-NEXT: 1 0 {{[0-9a-f]+}} {{[0-9a-f]+}} 0
// CHECK-NEXT: 1 1 0310 0421 0
// CHECK-NEXT: 1 1 0532 0643 0
// CHECK-NEXT: 1 1 0754 0865 0
// CHECK-NEXT: 1 1 0976 0a87 0
// CHECK-NEXT: 1 1 0b98 0ca9 0
// CHECK-NEXT: 1 1 0dba 0ecb 0
// CHECK-NEXT: 0 0 {{[0-9a-f]+}} {{[0-9a-f]+}} 1
// CHECK-EMPTY:

ub.graph @g {
  %a = ub.buffer @a {arg = 0} : memref<16xi16>
  %o = ub.buffer @o {arg = 1} : memref<12xi16>
  ub.write %a {domain = "{ S[q, l] : 0 <= q < 8 and 0 <= l < 2 }", access = "{ S[q, l] -> a[2q + l] }", schedule = "{ S[q, l] -> [q] }"} : memref<16xi16>
  %x = ub.read %a {domain = "{ K[q, l] : 0 <= q < 6 and 0 <= l < 2 }", access = "{ K[q, l] -> a[2q + l] }", schedule = "{ K[q, l] -> [q + 2] }"} : memref<16xi16> -> i16
  %y = ub.read %a {domain = "{ K[q, l] : 0 <= q < 6 and 0 <= l < 2 }", access = "{ K[q, l] -> a[2q + l + 1] }", schedule = "{ K[q, l] -> [q + 2] }"} : memref<16xi16> -> i16
  %z = ub.read %a {domain = "{ K[q, l] : 0 <= q < 6 and 0 <= l < 2 }", access = "{ K[q, l] -> a[2q + l + 3] }", schedule = "{ K[q, l] -> [q + 2] }"} : memref<16xi16> -> i16
  %v = ub.kernel @k(%x, %y, %z) {latency = 0} : (i16, i16, i16) -> i16 {
  ^bb0(%p: i16, %q: i16, %r: i16):
    %c4 = arith.constant 4 : i16
    %c8 = arith.constant 8 : i16
    %q4 = arith.shli %q, %c4 : i16
    %r8 = arith.shli %r, %c8 : i16
    %s = arith.addi %p, %q4 : i16
    %t = arith.addi %s, %r8 : i16
    ub.yield %t : i16
  }
  ub.write %o from %v : i16 {domain = "{ K[q, l] : 0 <= q < 6 and 0 <= l < 2 }", access = "{ K[q, l] -> o[2q + l] }", schedule = "{ K[q, l] -> [q + 2] }"} : memref<12xi16>
  %w = ub.read %o {domain = "{ T[q, l] : 0 <= q < 6 and 0 <= l < 2 }", access = "{ T[q, l] -> o[2q + l] }", schedule = "{ T[q, l] -> [q + 2] }"} : memref<12xi16> -> i16
}
