// Done-when 3 of issue 10, Darkroom's unsharp mask after pointwise fusion
// (the book's S1, S2 on width L = 32), from the .hl program
// test/Analysis/ub/Inputs/darkroom-unsharp.hl: the ILP, solved by CBC, needs
// 3L+1 = 97 delay slots (pixels): L+1 after I, so that I(x, y) meets the
// vertically centred S1 stencil, and 2L after S1.  ub-capacity counts fewer
// live words (32 + 60 = 92) than Darkroom's slots because the valid-region
// stages are narrower than the line (S1 is 30 wide, and I's first and last
// columns are not read by S2); Darkroom's images cover the whole line.  The
// schedule simulates bit-exactly against strata-run on the lowered IR, and
// either line buffer one word short loses a value.
// RUN: strata-translate --import-halide %S/Inputs/darkroom-unsharp.hl -o %t.mlir
// RUN: %python %S/Inputs/gen-pgm.py 32 16 6 %t.pgm
// RUN: strata-run --entry=darkroom_unsharp %t.mlir --arg=%t.pgm --arg=memref:zeros --out=1:%t.ref.npy
// RUN: strata-opt %t.mlir --ub-extract --ub-schedule-ilp --ub-capacity --ub-simulate=input=%t.pgm,output=%t.sim.npy -o %t.ilp.mlir 2>&1 | FileCheck %s --check-prefix=REPORT
// RUN: cmp %t.ref.npy %t.sim.npy
// RUN: FileCheck %s < %t.ilp.mlir
// RUN: sed 's/@s1 {capacity = 60 : i64/@s1 {capacity = 59 : i64/' %t.ilp.mlir > %t.s1.mlir
// RUN: not strata-opt %t.s1.mlir --ub-simulate=input=%t.pgm -o %t.out 2>&1 | FileCheck %s --check-prefix=LOST-S1
// RUN: sed 's/@input {arg = 0 : i64, capacity = 32 : i64/@input {arg = 0 : i64, capacity = 31 : i64/' %t.ilp.mlir > %t.i.mlir
// RUN: not strata-opt %t.i.mlir --ub-simulate=input=%t.pgm -o %t.out 2>&1 | FileCheck %s --check-prefix=LOST-I

// REPORT: ub-schedule-ilp: @darkroom_unsharp_ub: optimum 97 delay slots (161 bytes), proven by CBC; the stencil schedule needs 97 delay slots (161 bytes)
// REPORT: ub-simulate: @darkroom_unsharp_ub: {{[0-9]+}} events over 512 cycles, no value lost

// s_I = 0, s_S1 = 2 (its three taps), s_S2 = 2L+2.
// CHECK: ub.graph @darkroom_unsharp_ub attributes {ilp_slots = 97 : i64, latency = 512 : i64, memory = 92 : i64, stencil_slots = 97 : i64}
// CHECK-DAG: ub.buffer @input {arg = 0 : i64, capacity = 32 : i64{{[,}].*}} : memref<16x32xi8>
// CHECK-DAG: ub.buffer @s1 {capacity = 60 : i64{{[,}].*}} : memref<16x30xi16>
// CHECK: schedule = "{ host_input[i0, i1] -> [32i0 + i1]
// CHECK: schedule = "{ s1[i0, i1] -> [2 + 32i0 + i1]
// CHECK: schedule = "{ hw_output[i0, i1] -> [66 + 32i0 + i1]

// LOST-S1: error: 'ub.write' op ub-simulate: buffer 's1' with capacity 59 loses a value: element [0, 0] written at cycle 2 is overwritten at cycle 63, before its last read at cycle 66
// LOST-I: error: 'ub.write' op ub-simulate: buffer 'input' with capacity 31 loses a value: element [1, 1] written at cycle 33 is overwritten at cycle 65, before its last read at cycle 66
