// Coordinates from counters (issue 11): a kernel with `coords` computes
// with its domain point, here out = a + 16 i + j over a 3x3 domain that
// idles one cycle a row (schedule 4i + j), with latency 2: its datapath
// computes two cycles before its write fires, and the counters giving i
// and j run two cycles ahead of the write's own.  Played in strata-hwsim
// with the input 100 + cycle offered every cycle (taken where ready is
// high: cycles 0-2, 4-6, 8-10), the outputs are 100 + 4 i + j + 16 i + j.
// (The data port holds whatever is there while valid is low.)
// RUN: strata-opt %s --convert-ub-to-hw -o %t.mlir
// RUN: %python -c "print('\n'.join(['1 0 0'] * 2 + ['0 1 %%x' %% (100 + c) for c in range(15)]))" > %t.stim
// RUN: strata-hwsim %t.mlir --stimulus=%t.stim --top=g_stream | FileCheck %s --match-full-lines
// columns: a_ready o_valid o_data done
// CHECK:      0 0 0000 0
// CHECK-NEXT: 0 0 0000 0
// CHECK-NEXT: 1 0 0000 0
// CHECK-NEXT: 1 0 0000 0
// CHECK-NEXT: 1 1 0064 0
// CHECK-NEXT: 0 1 0066 0
// CHECK-NEXT: 1 1 0068 0
// CHECK-NEXT: 1 0 {{[0-9a-f]+}} 0
// CHECK-NEXT: 1 1 0078 0
// CHECK-NEXT: 0 1 007a 0
// CHECK-NEXT: 1 1 007c 0
// CHECK-NEXT: 1 0 {{[0-9a-f]+}} 0
// CHECK-NEXT: 1 1 008c 0
// CHECK-NEXT: 0 1 008e 0
// CHECK-NEXT: 0 1 0090 0
// CHECK-NEXT: 0 0 {{[0-9a-f]+}} 1

ub.graph @g {
  %a = ub.buffer @a {arg = 0, capacity = 0} : memref<3x3xi16>
  %o = ub.buffer @o {arg = 1, capacity = 0} : memref<3x3xi16>
  ub.write %a {domain = "{ S[i, j] : 0 <= i < 3 and 0 <= j < 3 }", access = "{ S[i, j] -> a[i, j] }", schedule = "{ S[i, j] -> [4i + j] }"} : memref<3x3xi16>
  %r = ub.read %a {domain = "{ K[i, j] : 0 <= i < 3 and 0 <= j < 3 }", access = "{ K[i, j] -> a[i, j] }", schedule = "{ K[i, j] -> [4i + j] }"} : memref<3x3xi16> -> i16
  %v = ub.kernel @k(%r) {coords = [0, 1], latency = 2} : (i16) -> i16 {
  ^bb0(%x: i16, %i: index, %j: index):
    %c16 = arith.constant 16 : index
    %a16 = arith.muli %i, %c16 : index
    %s = arith.addi %a16, %j : index
    %t = arith.index_cast %s : index to i16
    %y = arith.addi %x, %t : i16
    ub.yield %y : i16
  }
  ub.write %o from %v : i16 {domain = "{ K[i, j] : 0 <= i < 3 and 0 <= j < 3 }", access = "{ K[i, j] -> o[i, j] }", schedule = "{ K[i, j] -> [4i + j + 2] }"} : memref<3x3xi16>
  %z = ub.read %o {domain = "{ T[i, j] : 0 <= i < 3 and 0 <= j < 3 }", access = "{ T[i, j] -> o[i, j] }", schedule = "{ T[i, j] -> [4i + j + 2] }"} : memref<3x3xi16> -> i16
}
