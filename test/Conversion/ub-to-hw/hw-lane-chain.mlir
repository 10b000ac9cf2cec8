// Lanes on a delay line (issue 11, the 3-channel unsharp's input): a
// buffer written 2 values a cycle and read 1 and 6 transfers later is one
// delay line per lane, tapped at the same distances (ub-map counts
// transfers): a shift register of 1 and a line memory of 5 per lane, the
// memories sharing their address counter.  Here a[j, c] = 2j + c and
// o[i, c] = a[i, 1 - c] + 16 a[i + 5, c] + 256 a[i + 6, c], so each hex
// digit of an output names the value it took: lanes exchanged, or a
// distance counted in values rather than transfers, show as other digits.
// RUN: strata-opt %s --convert-ub-to-hw -o %t.mlir
// RUN: FileCheck %s --check-prefix=HW < %t.mlir
// RUN: %python -c "print('\n'.join(['1 0 0 0'] * 2 + ['0 1 %%x %%x' %% (2 * j, 2 * j + 1) for j in range(8)] + ['0 0 0 0']))" > %t.stim
// RUN: strata-hwsim %t.mlir --stimulus=%t.stim --top=g_stream | FileCheck %s --match-full-lines
// HW-DAG: ub.words = {a = 12 : i64}
// HW-DAG: ub.registers = {a = 2 : i64}
// HW-DAG: seq.hlmem @a_m0_l0 %clk, %reset : !seq.hlmem<5xi16>
// HW-DAG: seq.hlmem @a_m0_l1 %clk, %reset : !seq.hlmem<5xi16>
// CHECK:      0 0 0000 0000 0
// CHECK-NEXT: 0 0 0000 0000 0
// CHECK-NEXT: 1 0 {{[0-9a-f]+}} {{[0-9a-f]+}} 0
// CHECK-NEXT: 1 0 {{[0-9a-f]+}} {{[0-9a-f]+}} 0
// CHECK-NEXT: 1 0 {{[0-9a-f]+}} {{[0-9a-f]+}} 0
// CHECK-NEXT: 1 0 {{[0-9a-f]+}} {{[0-9a-f]+}} 0
// CHECK-NEXT: 1 0 {{[0-9a-f]+}} {{[0-9a-f]+}} 0
// CHECK-NEXT: 1 0 {{[0-9a-f]+}} {{[0-9a-f]+}} 0
// CHECK-NEXT: 1 1 0ca1 0db0 0
// CHECK-NEXT: 1 1 0ec3 0fd2 0
// CHECK-NEXT: 0 0 {{[0-9a-f]+}} {{[0-9a-f]+}} 1
// CHECK-EMPTY:

ub.graph @g {
  %a = ub.buffer @a {arg = 0, capacity = 12} : memref<8x2xi16>
  %o = ub.buffer @o {arg = 1, capacity = 0} : memref<2x2xi16>
  ub.write %a {domain = "{ S[j, c] : 0 <= j < 8 and 0 <= c < 2 }", access = "{ S[j, c] -> a[j, c] }", schedule = "{ S[j, c] -> [j] }"} : memref<8x2xi16>
  %x = ub.read %a {domain = "{ K[i, c] : 0 <= i < 2 and 0 <= c < 2 }", access = "{ K[i, c] -> a[i, 1 - c] }", schedule = "{ K[i, c] -> [i + 6] }"} : memref<8x2xi16> -> i16
  %y = ub.read %a {domain = "{ K[i, c] : 0 <= i < 2 and 0 <= c < 2 }", access = "{ K[i, c] -> a[i + 5, c] }", schedule = "{ K[i, c] -> [i + 6] }"} : memref<8x2xi16> -> i16
  %z = ub.read %a {domain = "{ K[i, c] : 0 <= i < 2 and 0 <= c < 2 }", access = "{ K[i, c] -> a[i + 6, c] }", schedule = "{ K[i, c] -> [i + 6] }"} : memref<8x2xi16> -> i16
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
  ub.write %o from %v : i16 {domain = "{ K[i, c] : 0 <= i < 2 and 0 <= c < 2 }", access = "{ K[i, c] -> o[i, c] }", schedule = "{ K[i, c] -> [i + 6] }"} : memref<2x2xi16>
  %w = ub.read %o {domain = "{ T[i, c] : 0 <= i < 2 and 0 <= c < 2 }", access = "{ T[i, c] -> o[i, c] }", schedule = "{ T[i, c] -> [i + 6] }"} : memref<2x2xi16> -> i16
}
