// Done-when 3 of issue 10, Richardson-Lucy (the book's Fig. 4.4a; hand-written
// stand-in test/UB/Inputs/darkroom-rl.mlir): Darkroom's line-buffer ILP,
// solved by CBC, needs 4 delay slots (pixels, every b = 1 in the book; the
// i16 buffers here make 8 bytes) where the book's hand schedule, which is
// ub-schedule's stencil rule (both inputs at cycle 0), needs 5: the ILP
// delays the Obs stream by one cycle, so its buffer becomes a wire.  The
// optimal schedule simulates bit-exactly against strata-run; with one slot
// less in either line buffer a value is lost.
// RUN: %python %S/Inputs/gen-pgm.py 32 8 3 %t.obs.pgm
// RUN: %python %S/Inputs/gen-pgm.py 32 8 4 %t.lat.pgm
// RUN: strata-run --entry=rl %S/Inputs/darkroom-rl.mlir --arg=%t.obs.pgm --arg=%t.lat.pgm --arg=memref:zeros --out=2:%t.ref.npy
// RUN: strata-opt %S/Inputs/darkroom-rl.mlir --ub-extract --ub-schedule-ilp --ub-capacity --ub-simulate=input=%t.obs.pgm:%t.lat.pgm,output=%t.sim.npy -o %t.ilp.mlir 2>&1 | FileCheck %s --check-prefix=REPORT
// RUN: cmp %t.ref.npy %t.sim.npy
// RUN: FileCheck %s < %t.ilp.mlir
// RUN: strata-opt %S/Inputs/darkroom-rl.mlir --ub-extract --ub-schedule --ub-capacity | FileCheck %s --check-prefix=STENCIL
// RUN: sed 's/@rel {capacity = 2 : i64}/@rel {capacity = 1 : i64}/' %t.ilp.mlir > %t.rel1.mlir
// RUN: not strata-opt %t.rel1.mlir --ub-simulate=input=%t.obs.pgm:%t.lat.pgm -o /dev/null 2>&1 | FileCheck %s --check-prefix=LOST-REL
// RUN: sed 's/@arg1 {arg = 1 : i64, capacity = 2 : i64}/@arg1 {arg = 1 : i64, capacity = 1 : i64}/' %t.ilp.mlir > %t.lat1.mlir
// RUN: not strata-opt %t.lat1.mlir --ub-simulate=input=%t.obs.pgm:%t.lat.pgm -o /dev/null 2>&1 | FileCheck %s --check-prefix=LOST-LAT

// REPORT: ub-schedule-ilp: @rl_ub: optimum 4 delay slots (8 bytes), proven by CBC; the stencil schedule needs 5 delay slots (10 bytes)
// REPORT: ub-simulate: @rl_ub: {{[0-9]+}} events over 257 cycles, no value lost

// s_Lat = 0, s_Obs = 1, s_Rel = 2, s_LatN = 4 (valid coordinates: Rel(x)
// reads Lat(x..x+2), so the book's s_Rel = 1 becomes 2 here).
// CHECK: ub.graph @rl_ub attributes {ilp_slots = 4 : i64, latency = 257 : i64, memory = 4 : i64, stencil_slots = 5 : i64}
// CHECK-DAG: ub.buffer @arg0 {arg = 0 : i64, capacity = 0 : i64}
// CHECK-DAG: ub.buffer @arg1 {arg = 1 : i64, capacity = 2 : i64}
// CHECK-DAG: ub.buffer @rel {capacity = 2 : i64}
// CHECK: schedule = "{ host_arg0[i0, i1] -> [1 + 32i0 + i1]
// CHECK: schedule = "{ host_arg1[i0, i1] -> [32i0 + i1]
// CHECK: schedule = "{ rel[i0, i1] -> [2 + 32i0 + i1]
// CHECK: schedule = "{ arg2[i0, i1] -> [4 + 32i0 + i1]

// The stencil schedule, sized by ub-capacity, indeed holds 5 words.
// STENCIL: ub.graph @rl_ub attributes {latency = 256 : i64, memory = 5 : i64}
// STENCIL-DAG: ub.buffer @arg0 {arg = 0 : i64, capacity = 1 : i64}

// LOST-REL: error: 'ub.write' op ub-simulate: buffer 'rel' with capacity 1 loses a value: element [0, 0] written at cycle 2 is overwritten at cycle 3, before its last read at cycle 4
// LOST-LAT: error: 'ub.write' op ub-simulate: buffer 'arg1' with capacity 1 loses a value: element [0, 0] written at cycle 0 is overwritten at cycle 1, before its last read at cycle 2
