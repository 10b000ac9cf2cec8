// Done-when 3 of issue 10, Darkroom's 3x3 stencil on width L = 32, from the
// .hl program test/Analysis/ub/Inputs/darkroom-3x3.hl: the ILP, solved by CBC,
// delays the stencil by L+1 past its centre pixel, which needs 2L+2 = 66
// delay slots (pixels; 2 rows + 3 pixels counting the current one; 66
// bytes of u8).  The stencil schedule is already optimal here.  The
// schedule simulates bit-exactly against strata-run on the lowered IR, and
// with the input line buffer one slot short (65) a value is lost.
// RUN: strata-translate --import-halide %S/Inputs/darkroom-3x3.hl -o %t.mlir
// RUN: %python %S/Inputs/gen-pgm.py 32 24 5 %t.pgm
// RUN: strata-run --entry=darkroom_3x3 %t.mlir --arg=%t.pgm --arg=memref:zeros --out=1:%t.ref.npy
// RUN: strata-opt %t.mlir --ub-extract --ub-schedule-ilp --ub-capacity --ub-simulate=input=%t.pgm,output=%t.sim.npy -o %t.ilp.mlir 2>&1 | FileCheck %s --check-prefix=REPORT
// RUN: cmp %t.ref.npy %t.sim.npy
// RUN: FileCheck %s < %t.ilp.mlir
// RUN: sed 's/@input {arg = 0 : i64, capacity = 66 : i64/@input {arg = 0 : i64, capacity = 65 : i64/' %t.ilp.mlir > %t.65.mlir
// RUN: not strata-opt %t.65.mlir --ub-simulate=input=%t.pgm -o %t.out 2>&1 | FileCheck %s --check-prefix=LOST

// REPORT: ub-schedule-ilp: @darkroom_3x3_ub: optimum 66 delay slots (66 bytes), proven by CBC; the stencil schedule needs 66 delay slots (66 bytes)
// REPORT: ub-simulate: @darkroom_3x3_ub: {{[0-9]+}} events over 768 cycles, no value lost

// CHECK: ub.graph @darkroom_3x3_ub attributes {ilp_slots = 66 : i64, latency = 768 : i64, memory = 66 : i64, stencil_slots = 66 : i64}
// CHECK-DAG: ub.buffer @input {arg = 0 : i64, capacity = 66 : i64{{[,}].*}} : memref<24x32xi8>
// CHECK-DAG: ub.buffer @blur {capacity = 0 : i64{{[,}].*}} : memref<22x30xi16>
// CHECK-DAG: ub.buffer @hw_output {arg = 1 : i64, capacity = 0 : i64{{[,}].*}} : memref<22x30xi8>
// CHECK: schedule = "{ host_input[i0, i1] -> [32i0 + i1]
// CHECK: schedule = "{ blur[i0, i1] -> [66 + 32i0 + i1]

// LOST: error: 'ub.write' op ub-simulate: buffer 'input' with capacity 65 loses a value: element [0, 0] written at cycle 0 is overwritten at cycle 65, before its last read at cycle 66
