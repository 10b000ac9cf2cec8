// Done-when 3 of issue 10, Richardson-Lucy (the book's Fig. 4.4a), from the
// .hl program test/Analysis/ub/Inputs/darkroom-rl.hl: Darkroom's line-buffer ILP,
// solved by CBC, needs 4 delay slots (pixels, as the book counts with every
// b = 1; 6 bytes here: Lat is u8, Rel u16) where the book's hand schedule,
// which is ub-schedule's stencil rule (both inputs at cycle 0), needs 5: the
// ILP delays the Obs stream by one cycle, so its buffer becomes a wire.
// The optimal schedule simulates bit-exactly against strata-run on the
// lowered IR; with one slot less in either line buffer a value is lost.
// RUN: strata-translate --import-halide %S/Inputs/darkroom-rl.hl -o %t.mlir
// RUN: %python %S/Inputs/gen-pgm.py 32 8 3 %t.obs.pgm
// RUN: %python %S/Inputs/gen-pgm.py 32 8 4 %t.lat.pgm
// RUN: strata-run --entry=darkroom_rl %t.mlir --arg=%t.obs.pgm --arg=%t.lat.pgm --arg=memref:zeros --out=2:%t.ref.npy
// RUN: strata-opt %t.mlir --ub-extract --ub-schedule-ilp --ub-capacity --ub-simulate=input=%t.obs.pgm:%t.lat.pgm,output=%t.sim.npy -o %t.ilp.mlir 2>&1 | FileCheck %s --check-prefix=REPORT
// RUN: cmp %t.ref.npy %t.sim.npy
// RUN: FileCheck %s < %t.ilp.mlir
// RUN: strata-opt %t.mlir --ub-extract --ub-schedule --ub-capacity | FileCheck %s --check-prefix=STENCIL
// RUN: sed 's/@rel {capacity = 2 : i64/@rel {capacity = 1 : i64/' %t.ilp.mlir > %t.rel1.mlir
// RUN: not strata-opt %t.rel1.mlir --ub-simulate=input=%t.obs.pgm:%t.lat.pgm -o %t.out 2>&1 | FileCheck %s --check-prefix=LOST-REL
// RUN: sed 's/@lat {arg = 1 : i64, capacity = 2 : i64/@lat {arg = 1 : i64, capacity = 1 : i64/' %t.ilp.mlir > %t.lat1.mlir
// RUN: not strata-opt %t.lat1.mlir --ub-simulate=input=%t.obs.pgm:%t.lat.pgm -o %t.out 2>&1 | FileCheck %s --check-prefix=LOST-LAT

// REPORT: ub-schedule-ilp: @darkroom_rl_ub: optimum 4 delay slots (6 bytes), proven by CBC; the stencil schedule needs 5 delay slots (7 bytes)
// REPORT: ub-simulate: @darkroom_rl_ub: {{[0-9]+}} events over 257 cycles, no value lost

// s_Lat = 0, s_Obs = 1, s_Rel = 2, s_LatN = 4 (valid coordinates: Rel(x)
// reads Lat(x..x+2), so the book's s_Rel = 1 becomes 2 here).
// CHECK: ub.graph @darkroom_rl_ub attributes {ilp_slots = 4 : i64, latency = 257 : i64, memory = 4 : i64, stencil_slots = 5 : i64}
// CHECK-DAG: ub.buffer @obs {arg = 0 : i64, capacity = 0 : i64{{[,}].*}} : memref<8x32xi8>
// CHECK-DAG: ub.buffer @lat {arg = 1 : i64, capacity = 2 : i64{{[,}].*}} : memref<8x32xi8>
// CHECK-DAG: ub.buffer @obs_in {capacity = 0 : i64{{[,}].*}} : memref<8x32xi8>
// CHECK-DAG: ub.buffer @rel {capacity = 2 : i64{{[,}].*}} : memref<8x30xi16>
// CHECK: schedule = "{ host_obs[i0, i1] -> [1 + 32i0 + i1]
// CHECK: schedule = "{ host_lat[i0, i1] -> [32i0 + i1]
// CHECK: schedule = "{ rel[i0, i1] -> [2 + 32i0 + i1]
// CHECK: schedule = "{ hw_output[i0, i1] -> [4 + 32i0 + i1]

// The stencil schedule, sized by ub-capacity, indeed holds 5 words.
// STENCIL: ub.graph @darkroom_rl_ub attributes {latency = 256 : i64, memory = 5 : i64}
// STENCIL-DAG: ub.buffer @obs_in {capacity = 1 : i64{{[,}].*}}

// LOST-REL: error: 'ub.write' op ub-simulate: buffer 'rel' with capacity 1 loses a value: element [0, 0] written at cycle 2 is overwritten at cycle 3, before its last read at cycle 4
// LOST-LAT: error: 'ub.write' op ub-simulate: buffer 'lat' with capacity 1 loses a value: element [0, 0] written at cycle 0 is overwritten at cycle 1, before its last read at cycle 2
