// A tiled graph (one accelerator run per tile, Halide-to-Hardware's
// hw_accelerate inside host loops) is one module that runs once per tile:
// in the last cycle of every run but the last, `restart` returns its
// counters to their start (reset_in or restart is every counter's reset)
// and a run counter steps; done rises after the last run.  The streams say
// each run's footprint in the host array (tiles, host, offset) for the
// host's DMA.  Here two runs of 4 cycles: a 1-D sum of neighbours over
// host elements 0..3 and 4..7 into outputs 0..2 and 3..5.  Played in
// strata-hwsim (hexadecimal): inputs 1..8, outputs 3, 5, 7 then b, d, f,
// done at cycle 8.
// RUN: strata-opt %s --ub-capacity --convert-ub-to-hw -o %t.mlir
// RUN: FileCheck %s --check-prefix=STREAMS < %t.mlir
// RUN: %python -c "print('1 0 0'); [print('0 1 %x' % v) for v in range(1, 9)]; [print('0 0 0') for _ in range(3)]" > %t.stim
// RUN: strata-hwsim %t.mlir --stimulus=%t.stim --top=g_stream | FileCheck %s --match-full-lines
// STREAMS: ub.streams = [#ub.stream<in, "a", 0, 16, [4], tiles = [2], host = [8], offset = [0, 4]>, #ub.stream<out, "o", 1, 16, [3], tiles = [2], host = [6], offset = [0, 3]>]
// CHECK:      0 0 {{[0-9a-f]+}} 0
// CHECK-NEXT: 1 0 {{[0-9a-f]+}} 0
// CHECK-NEXT: 1 1 0003 0
// CHECK-NEXT: 1 1 0005 0
// CHECK-NEXT: 1 1 0007 0
// CHECK-NEXT: 1 0 {{[0-9a-f]+}} 0
// CHECK-NEXT: 1 1 000b 0
// CHECK-NEXT: 1 1 000d 0
// CHECK-NEXT: 1 1 000f 0
// CHECK-NEXT: 0 0 {{[0-9a-f]+}} 1
// CHECK-NEXT: 0 0 {{[0-9a-f]+}} 1
// CHECK-NEXT: 0 0 {{[0-9a-f]+}} 1
// CHECK-EMPTY:

ub.graph @g attributes {tiles = array<i64: 2>} {
  %a = ub.buffer @a {arg = 0, host_shape = array<i64: 8>, tile_offset = array<i64: 0, 4>} : memref<4xi16>
  %o = ub.buffer @o {arg = 1, host_shape = array<i64: 6>, tile_offset = array<i64: 0, 3>} : memref<3xi16>
  ub.write %a {domain = "{ S[i] : 0 <= i < 4 }", access = "{ S[i] -> a[i] }", schedule = "{ S[i] -> [i] }"} : memref<4xi16>
  %r0 = ub.read %a {domain = "{ K[i] : 0 <= i < 3 }", access = "{ K[i] -> a[i] }", schedule = "{ K[i] -> [1 + i] }"} : memref<4xi16> -> i16
  %r1 = ub.read %a {domain = "{ K[i] : 0 <= i < 3 }", access = "{ K[i] -> a[i + 1] }", schedule = "{ K[i] -> [1 + i] }"} : memref<4xi16> -> i16
  %v = ub.kernel @k(%r0, %r1) {latency = 0} : (i16, i16) -> i16 {
  ^bb0(%x: i16, %y: i16):
    %s = arith.addi %x, %y : i16
    ub.yield %s : i16
  }
  ub.write %o from %v : i16 {domain = "{ K[i] : 0 <= i < 3 }", access = "{ K[i] -> o[i] }", schedule = "{ K[i] -> [1 + i] }"} : memref<3xi16>
  %z = ub.read %o {domain = "{ T[i] : 0 <= i < 3 }", access = "{ T[i] -> o[i] }", schedule = "{ T[i] -> [1 + i] }"} : memref<3xi16> -> i16
}
