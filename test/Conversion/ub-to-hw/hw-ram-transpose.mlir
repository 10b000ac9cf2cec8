// A transpose in the stream flow: t is written row-major and read by
// columns, at a distance behind its write that varies, so it is no delay
// line; ub-map (asked for register files) makes it a register file of its
// 16 words, the read's address generator stepping 4 words a cycle and
// back 15 after each column.  Played in strata-hwsim (hexadecimal):
// inputs 1..16 row-major, outputs 1, 5, 9, 13, 2, 6, ... from cycle 16.
// RUN: strata-opt %s --convert-ub-to-hw -o %t.mlir
// RUN: FileCheck %s --check-prefix=WORDS < %t.mlir
// RUN: %python -c "print('1 0 0'); [print('0 1 %x' % v) for v in range(1, 17)]; [print('0 0 0') for _ in range(17)]" > %t.stim
// RUN: strata-hwsim %t.mlir --stimulus=%t.stim --top=g_stream | FileCheck %s --match-full-lines
// WORDS: ub.words = {t = 16 : i64}
// CHECK:      0 0 {{[0-9a-f]+}} 0
// CHECK-NEXT: 1 0 {{[0-9a-f]+}} 0
// CHECK-NEXT: 1 0 {{[0-9a-f]+}} 0
// CHECK-NEXT: 1 0 {{[0-9a-f]+}} 0
// CHECK-NEXT: 1 0 {{[0-9a-f]+}} 0
// CHECK-NEXT: 1 0 {{[0-9a-f]+}} 0
// CHECK-NEXT: 1 0 {{[0-9a-f]+}} 0
// CHECK-NEXT: 1 0 {{[0-9a-f]+}} 0
// CHECK-NEXT: 1 0 {{[0-9a-f]+}} 0
// CHECK-NEXT: 1 0 {{[0-9a-f]+}} 0
// CHECK-NEXT: 1 0 {{[0-9a-f]+}} 0
// CHECK-NEXT: 1 0 {{[0-9a-f]+}} 0
// CHECK-NEXT: 1 0 {{[0-9a-f]+}} 0
// CHECK-NEXT: 1 0 {{[0-9a-f]+}} 0
// CHECK-NEXT: 1 0 {{[0-9a-f]+}} 0
// CHECK-NEXT: 1 0 {{[0-9a-f]+}} 0
// CHECK-NEXT: 1 0 {{[0-9a-f]+}} 0
// CHECK-NEXT: 0 1 0001 0
// CHECK-NEXT: 0 1 0005 0
// CHECK-NEXT: 0 1 0009 0
// CHECK-NEXT: 0 1 000d 0
// CHECK-NEXT: 0 1 0002 0
// CHECK-NEXT: 0 1 0006 0
// CHECK-NEXT: 0 1 000a 0
// CHECK-NEXT: 0 1 000e 0
// CHECK-NEXT: 0 1 0003 0
// CHECK-NEXT: 0 1 0007 0
// CHECK-NEXT: 0 1 000b 0
// CHECK-NEXT: 0 1 000f 0
// CHECK-NEXT: 0 1 0004 0
// CHECK-NEXT: 0 1 0008 0
// CHECK-NEXT: 0 1 000c 0
// CHECK-NEXT: 0 1 0010 0
// CHECK-NEXT: 0 0 {{[0-9a-f]+}} 1
// CHECK-EMPTY:

ub.graph @g {
  %a = ub.buffer @a {arg = 0, capacity = 0} : memref<4x4xi16>
  %t = ub.buffer @t {capacity = 16} : memref<4x4xi16>
  ub.write %a {domain = "{ S[i, j] : 0 <= i < 4 and 0 <= j < 4 }", access = "{ S[i, j] -> a[i, j] }", schedule = "{ S[i, j] -> [4i + j] }"} : memref<4x4xi16>
  %r = ub.read %a {domain = "{ K[i, j] : 0 <= i < 4 and 0 <= j < 4 }", access = "{ K[i, j] -> a[i, j] }", schedule = "{ K[i, j] -> [4i + j] }"} : memref<4x4xi16> -> i16
  %v = ub.kernel @k(%r) {latency = 0} : (i16) -> i16 {
  ^bb0(%x: i16):
    ub.yield %x : i16
  }
  ub.write %t from %v : i16 {domain = "{ K[i, j] : 0 <= i < 4 and 0 <= j < 4 }", access = "{ K[i, j] -> t[i, j] }", schedule = "{ K[i, j] -> [4i + j] }"} : memref<4x4xi16>
  %o = ub.read %t {domain = "{ T[i, j] : 0 <= i < 4 and 0 <= j < 4 }", access = "{ T[i, j] -> t[j, i] }", schedule = "{ T[i, j] -> [16 + 4i + j] }"} : memref<4x4xi16> -> i16
  %w = ub.kernel @k2(%o) {latency = 0} : (i16) -> i16 {
  ^bb0(%x: i16):
    ub.yield %x : i16
  }
  %out = ub.buffer @out {arg = 1, capacity = 0} : memref<4x4xi16>
  ub.write %out from %w : i16 {domain = "{ T[i, j] : 0 <= i < 4 and 0 <= j < 4 }", access = "{ T[i, j] -> out[i, j] }", schedule = "{ T[i, j] -> [16 + 4i + j] }"} : memref<4x4xi16>
  %h = ub.read %out {domain = "{ H[i, j] : 0 <= i < 4 and 0 <= j < 4 }", access = "{ H[i, j] -> out[i, j] }", schedule = "{ H[i, j] -> [16 + 4i + j] }"} : memref<4x4xi16> -> i16
}

