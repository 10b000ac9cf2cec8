// An accumulation in the stream flow (the partial sums of a GEMM or a
// convolution layer): s[i] = 0, then s[i] += a[i, k] for k < 4, read out
// in the cycle of its last term.  ub-map (asked for register files) gives s
// a one-word window; its register file reads within the cycle and sees the
// writes of earlier statements in that cycle: the update's read takes the
// init's zero at k = 0, the read-out takes the last update's sum.  Played
// cycle by cycle in strata-hwsim (hexadecimal): inputs 1..16, the row sums
// 10, 26, 42, 58 on the cycles the output's valid rises.
// RUN: strata-opt %s --ub-capacity --convert-ub-to-hw -o %t.mlir
// RUN: FileCheck %s --check-prefix=WORDS < %t.mlir
// RUN: %python -c "print('1 0 0'); [print('0 1 %x' % v) for v in range(1, 17)]; [print('0 0 0') for _ in range(2)]" > %t.stim
// RUN: strata-hwsim %t.mlir --stimulus=%t.stim --top=g_stream | FileCheck %s --match-full-lines
// WORDS: ub.words = {s = 1 : i64}
// CHECK:      0 0 {{[0-9a-f]+}} 0
// CHECK-NEXT: 1 0 {{[0-9a-f]+}} 0
// CHECK-NEXT: 1 0 {{[0-9a-f]+}} 0
// CHECK-NEXT: 1 0 {{[0-9a-f]+}} 0
// CHECK-NEXT: 1 1 000a 0
// CHECK-NEXT: 1 0 {{[0-9a-f]+}} 0
// CHECK-NEXT: 1 0 {{[0-9a-f]+}} 0
// CHECK-NEXT: 1 0 {{[0-9a-f]+}} 0
// CHECK-NEXT: 1 1 001a 0
// CHECK-NEXT: 1 0 {{[0-9a-f]+}} 0
// CHECK-NEXT: 1 0 {{[0-9a-f]+}} 0
// CHECK-NEXT: 1 0 {{[0-9a-f]+}} 0
// CHECK-NEXT: 1 1 002a 0
// CHECK-NEXT: 1 0 {{[0-9a-f]+}} 0
// CHECK-NEXT: 1 0 {{[0-9a-f]+}} 0
// CHECK-NEXT: 1 0 {{[0-9a-f]+}} 0
// CHECK-NEXT: 1 1 003a 0
// CHECK-NEXT: 0 0 {{[0-9a-f]+}} 1
// CHECK-NEXT: 0 0 {{[0-9a-f]+}} 1
// CHECK-EMPTY:

ub.graph @g {
  %a = ub.buffer @a {arg = 0} : memref<4x4xi16>
  %s = ub.buffer @s : memref<4xi16>
  %o = ub.buffer @o {arg = 1} : memref<4xi16>
  ub.write %a {domain = "{ S[i, k] : 0 <= i < 4 and 0 <= k < 4 }", access = "{ S[i, k] -> a[i, k] }", schedule = "{ S[i, k] -> [4i + k] }"} : memref<4x4xi16>
  %z = ub.kernel @init() {latency = 0} : () -> i16 {
    %0 = arith.constant 0 : i16
    ub.yield %0 : i16
  }
  ub.write %s from %z : i16 {domain = "{ I[i] : 0 <= i < 4 }", access = "{ I[i] -> s[i] }", schedule = "{ I[i] -> [4i] }"} : memref<4xi16>
  %p = ub.read %s {domain = "{ U[i, k] : 0 <= i < 4 and 0 <= k < 4 }", access = "{ U[i, k] -> s[i] }", schedule = "{ U[i, k] -> [4i + k] }"} : memref<4xi16> -> i16
  %x = ub.read %a {domain = "{ U[i, k] : 0 <= i < 4 and 0 <= k < 4 }", access = "{ U[i, k] -> a[i, k] }", schedule = "{ U[i, k] -> [4i + k] }"} : memref<4x4xi16> -> i16
  %u = ub.kernel @update(%p, %x) {latency = 0} : (i16, i16) -> i16 {
  ^bb0(%q: i16, %y: i16):
    %0 = arith.addi %q, %y : i16
    ub.yield %0 : i16
  }
  ub.write %s from %u : i16 {domain = "{ U[i, k] : 0 <= i < 4 and 0 <= k < 4 }", access = "{ U[i, k] -> s[i] }", schedule = "{ U[i, k] -> [4i + k] }"} : memref<4xi16>
  %r = ub.read %s {domain = "{ R[i] : 0 <= i < 4 }", access = "{ R[i] -> s[i] }", schedule = "{ R[i] -> [4i + 3] }"} : memref<4xi16> -> i16
  %v = ub.kernel @out(%r) {latency = 0} : (i16) -> i16 {
  ^bb0(%q: i16):
    ub.yield %q : i16
  }
  ub.write %o from %v : i16 {domain = "{ R[i] : 0 <= i < 4 }", access = "{ R[i] -> o[i] }", schedule = "{ R[i] -> [4i + 3] }"} : memref<4xi16>
  %h = ub.read %o {domain = "{ H[i] : 0 <= i < 4 }", access = "{ H[i] -> o[i] }", schedule = "{ H[i] -> [4i + 3] }"} : memref<4xi16> -> i16
}
