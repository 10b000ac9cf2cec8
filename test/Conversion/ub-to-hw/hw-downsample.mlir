// A downsampling stage (issue 24's quasi-affine accesses; the pyramid's
// levels): a 4x4 input streamed one value a cycle, a kernel summing each
// 2x2 block's corners b[2i, 2j] + b[2i + 1, 2j + 1] fires every other
// cycle of every other row (5 + 8i + 2j: its counter set counts a phase
// digit of modulus 2 first), reading the corner 5 writes back on the delay
// line; the output stream's valid rises on those cycles only.  Played cycle
// by cycle in strata-hwsim: inputs 1..16 (the stimulus and outputs are
// hexadecimal), outputs 1+6, 3+8, 9+14, 11+16 at cycles 5, 7, 13, 15.
// RUN: strata-opt %s --ub-capacity --convert-ub-to-hw -o %t.mlir
// RUN: FileCheck %s --check-prefix=PORTS < %t.mlir
// RUN: %python -c "print('1 0 0'); [print('0 1 %x' % v) for v in range(1, 17)]; [print('0 0 0') for _ in range(3)]" > %t.stim
// RUN: strata-hwsim %t.mlir --stimulus=%t.stim --top=g_stream | FileCheck %s --match-full-lines
// PORTS: hw.module @g_stream(in %clk : !seq.clock, in %reset : i1, in %a_valid : i1, in %a_data : i16, out a_ready : i1, out o_valid : i1, out o_data : i16, out done : i1)
// CHECK:      0 0 {{[0-9a-f]+}} 0
// CHECK-NEXT: 1 0 {{[0-9a-f]+}} 0
// CHECK-NEXT: 1 0 {{[0-9a-f]+}} 0
// CHECK-NEXT: 1 0 {{[0-9a-f]+}} 0
// CHECK-NEXT: 1 0 {{[0-9a-f]+}} 0
// CHECK-NEXT: 1 0 {{[0-9a-f]+}} 0
// CHECK-NEXT: 1 1 0007 0
// CHECK-NEXT: 1 0 {{[0-9a-f]+}} 0
// CHECK-NEXT: 1 1 000b 0
// CHECK-NEXT: 1 0 {{[0-9a-f]+}} 0
// CHECK-NEXT: 1 0 {{[0-9a-f]+}} 0
// CHECK-NEXT: 1 0 {{[0-9a-f]+}} 0
// CHECK-NEXT: 1 0 {{[0-9a-f]+}} 0
// CHECK-NEXT: 1 0 {{[0-9a-f]+}} 0
// CHECK-NEXT: 1 1 0017 0
// CHECK-NEXT: 1 0 {{[0-9a-f]+}} 0
// CHECK-NEXT: 1 1 001b 0
// CHECK-NEXT: 0 0 {{[0-9a-f]+}} 1
// CHECK-NEXT: 0 0 {{[0-9a-f]+}} 1
// CHECK-NEXT: 0 0 {{[0-9a-f]+}} 1
// CHECK-EMPTY:

ub.graph @g {
  %a = ub.buffer @a {arg = 0} : memref<4x4xi16>
  %o = ub.buffer @o {arg = 1} : memref<2x2xi16>
  ub.write %a {domain = "{ S[i, j] : 0 <= i < 4 and 0 <= j < 4 }", access = "{ S[i, j] -> a[i, j] }", schedule = "{ S[i, j] -> [4i + j] }"} : memref<4x4xi16>
  %r0 = ub.read %a {domain = "{ K[i, j] : 0 <= i < 2 and 0 <= j < 2 }", access = "{ K[i, j] -> a[2i, 2j] }", schedule = "{ K[i, j] -> [5 + 8i + 2j] }"} : memref<4x4xi16> -> i16
  %r1 = ub.read %a {domain = "{ K[i, j] : 0 <= i < 2 and 0 <= j < 2 }", access = "{ K[i, j] -> a[2i + 1, 2j + 1] }", schedule = "{ K[i, j] -> [5 + 8i + 2j] }"} : memref<4x4xi16> -> i16
  %v = ub.kernel @k(%r0, %r1) {latency = 0} : (i16, i16) -> i16 {
  ^bb0(%x: i16, %y: i16):
    %s = arith.addi %x, %y : i16
    ub.yield %s : i16
  }
  ub.write %o from %v : i16 {domain = "{ K[i, j] : 0 <= i < 2 and 0 <= j < 2 }", access = "{ K[i, j] -> o[i, j] }", schedule = "{ K[i, j] -> [5 + 8i + 2j] }"} : memref<2x2xi16>
  %z = ub.read %o {domain = "{ T[i, j] : 0 <= i < 2 and 0 <= j < 2 }", access = "{ T[i, j] -> o[i, j] }", schedule = "{ T[i, j] -> [5 + 8i + 2j] }"} : memref<2x2xi16> -> i16
}
