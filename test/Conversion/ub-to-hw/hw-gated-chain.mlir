// A gated delay line (ub-map's gate): a[y, x] (3 rows of 8) is written one
// value a cycle, and o[y, x] = a[y, x + 1] + 16 a[y + 1, x + 1] reads
// columns 1..6 only, a row apart.  Columns 0 and 7 are never read, so the
// line shifts only on the writes of columns 1..6: a line memory of 6
// words where shifting on every write would take 8.  Here a[y, x] = 8y + x,
// so each output's hex digits name the two values it took: a line that
// also shifted on columns 0 and 7 (or missed a gated write) reads other
// values.
// RUN: strata-opt %s --ub-map --ub-map-check | FileCheck %s --check-prefix=MAP
// RUN: strata-opt %s --convert-ub-to-hw -o %t.mlir
// RUN: FileCheck %s --check-prefix=HW < %t.mlir
// RUN: %python -c "print('\n'.join(['1 0 0'] * 2 + ['0 1 %%x' %% v for v in range(24)] + ['0 0 0']))" > %t.stim
// RUN: strata-hwsim %t.mlir --stimulus=%t.stim --top=g_stream > %t.out
// RUN: FileCheck %s --match-full-lines < %t.out
// MAP: ub.buffer @a {{.*}}gate = array<i64: 0, 1, 2, 6>{{.*}}map = "chain"
// MAP: ub.mem {{.*}}kind = "line"{{.*}}words = 6
// HW-DAG: ub.words = {a = 6 : i64}
// HW-DAG: seq.hlmem @a_m0 %clk, %reset : !seq.hlmem<6xi16>
// CHECK:      1 1 0091 0
// CHECK-NEXT: 1 1 00a2 0
// CHECK-NEXT: 1 1 00b3 0
// CHECK-NEXT: 1 1 00c4 0
// CHECK-NEXT: 1 1 00d5 0
// CHECK-NEXT: 1 1 00e6 0
// CHECK-NEXT: 1 0 {{[0-9a-f]+}} 0
// CHECK-NEXT: 1 0 {{[0-9a-f]+}} 0
// CHECK-NEXT: 1 1 0119 0
// CHECK-NEXT: 1 1 012a 0
// CHECK-NEXT: 1 1 013b 0
// CHECK-NEXT: 1 1 014c 0
// CHECK-NEXT: 1 1 015d 0
// CHECK-NEXT: 1 1 016e 0

ub.graph @g {
  %a = ub.buffer @a {arg = 0, capacity = 6} : memref<3x8xi16>
  %o = ub.buffer @o {arg = 1, capacity = 0} : memref<2x6xi16>
  ub.write %a {domain = "{ S[y, x] : 0 <= y < 3 and 0 <= x < 8 }", access = "{ S[y, x] -> a[y, x] }", schedule = "{ S[y, x] -> [8y + x] }"} : memref<3x8xi16>
  %p = ub.read %a {domain = "{ K[y, x] : 0 <= y < 2 and 0 <= x < 6 }", access = "{ K[y, x] -> a[y, x + 1] }", schedule = "{ K[y, x] -> [8y + x + 9] }"} : memref<3x8xi16> -> i16
  %q = ub.read %a {domain = "{ K[y, x] : 0 <= y < 2 and 0 <= x < 6 }", access = "{ K[y, x] -> a[y + 1, x + 1] }", schedule = "{ K[y, x] -> [8y + x + 9] }"} : memref<3x8xi16> -> i16
  %v = ub.kernel @k(%p, %q) {latency = 0} : (i16, i16) -> i16 {
  ^bb0(%s: i16, %t: i16):
    %c4 = arith.constant 4 : i16
    %t4 = arith.shli %t, %c4 : i16
    %r = arith.addi %s, %t4 : i16
    ub.yield %r : i16
  }
  ub.write %o from %v : i16 {domain = "{ K[y, x] : 0 <= y < 2 and 0 <= x < 6 }", access = "{ K[y, x] -> o[y, x] }", schedule = "{ K[y, x] -> [8y + x + 9] }"} : memref<2x6xi16>
  %w = ub.read %o {domain = "{ T[y, x] : 0 <= y < 2 and 0 <= x < 6 }", access = "{ T[y, x] -> o[y, x] }", schedule = "{ T[y, x] -> [8y + x + 9] }"} : memref<2x6xi16> -> i16
}
