// The book's Fig. 4.5 placement rule, from the .hl program
// test/Analysis/ub/Inputs/darkroom-widths.hl: two pixels of delay are needed before
// or after a stage that widens 8-bit pixels to 32 bits.  Darkroom's
// objective counts bytes (b_p per buffer), so the ILP delays the widening
// stage and buffers the narrow input (2 bytes), where ub-schedule's
// stencil rule runs it at once and buffers the wide values (8 bytes; both
// are 2 words).  The ILP schedule simulates bit-exactly against strata-run
// on the lowered IR.
// RUN: strata-translate --import-halide %S/Inputs/darkroom-widths.hl -o %t.mlir
// RUN: %python %S/Inputs/gen-pgm.py 32 4 9 %t.pgm
// RUN: strata-run --entry=darkroom_widths %t.mlir --arg=%t.pgm --arg=memref:zeros --out=1:%t.ref.npy
// RUN: strata-opt %t.mlir --ub-extract --ub-schedule-ilp --ub-capacity --ub-simulate=input=%t.pgm,output=%t.sim.npy -o %t.ilp.mlir 2>&1 | FileCheck %s --check-prefix=REPORT
// RUN: cmp %t.ref.npy %t.sim.npy
// RUN: FileCheck %s < %t.ilp.mlir
// RUN: strata-opt %t.mlir --ub-extract --ub-schedule --ub-capacity | FileCheck %s --check-prefix=STENCIL

// REPORT: ub-schedule-ilp: @darkroom_widths_ub: optimum 2 delay slots (2 bytes), proven by CBC; the stencil schedule needs 2 delay slots (8 bytes)
// REPORT: ub-simulate: @darkroom_widths_ub: {{[0-9]+}} events over 128 cycles, no value lost

// CHECK-DAG: ub.buffer @input {arg = 0 : i64, capacity = 2 : i64{{[,}].*}} : memref<4x32xi8>
// CHECK-DAG: ub.buffer @wide {capacity = 0 : i64{{[,}].*}} : memref<4x30xi32>
// CHECK: schedule = "{ wide[i0, i1] -> [2 + 32i0 + i1]

// STENCIL-DAG: ub.buffer @input {arg = 0 : i64, capacity = 0 : i64{{[,}].*}} : memref<4x32xi8>
// STENCIL-DAG: ub.buffer @wide {capacity = 2 : i64{{[,}].*}} : memref<4x30xi32>
