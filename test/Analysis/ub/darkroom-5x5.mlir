// Done-when 3 of issue 10, a 5x5 convolution on width L = 32, from the .hl
// program test/Analysis/ub/Inputs/darkroom-5x5.hl: the ILP, solved by CBC, needs
// 4L+4 = 132 delay slots (pixels): 4 rows and 4 pixels, 4 rows + 5 pixels
// counting the current one, where the Xilinx library buffers 5 rows (the
// book's section 5, 20% less BRAM).  The schedule simulates bit-exactly
// against strata-run on the lowered IR, and with 131 slots a value is lost.
// RUN: strata-translate --import-halide %S/Inputs/darkroom-5x5.hl -o %t.mlir
// RUN: %python %S/Inputs/gen-pgm.py 32 24 5 %t.pgm
// RUN: strata-run --entry=darkroom_5x5 %t.mlir --arg=%t.pgm --arg=memref:zeros --out=1:%t.ref.npy
// RUN: strata-opt %t.mlir --ub-extract --ub-schedule-ilp --ub-capacity --ub-simulate=input=%t.pgm,output=%t.sim.npy -o %t.ilp.mlir 2>&1 | FileCheck %s --check-prefix=REPORT
// RUN: cmp %t.ref.npy %t.sim.npy
// RUN: FileCheck %s < %t.ilp.mlir
// RUN: sed 's/@input {arg = 0 : i64, capacity = 132 : i64/@input {arg = 0 : i64, capacity = 131 : i64/' %t.ilp.mlir > %t.131.mlir
// RUN: not strata-opt %t.131.mlir --ub-simulate=input=%t.pgm -o %t.out 2>&1 | FileCheck %s --check-prefix=LOST

// REPORT: ub-schedule-ilp: @darkroom_5x5_ub: optimum 132 delay slots (132 bytes), proven by CBC; the stencil schedule needs 132 delay slots (132 bytes)
// REPORT: ub-simulate: @darkroom_5x5_ub: {{[0-9]+}} events over 768 cycles, no value lost

// CHECK: ub.graph @darkroom_5x5_ub attributes {ilp_slots = 132 : i64, latency = 768 : i64, memory = 132 : i64, stencil_slots = 132 : i64}
// CHECK-DAG: ub.buffer @input {arg = 0 : i64, capacity = 132 : i64{{[,}].*}} : memref<24x32xi8>
// CHECK-DAG: ub.buffer @conv {capacity = 0 : i64{{[,}].*}} : memref<20x28xi16>
// CHECK: schedule = "{ host_input[i0, i1] -> [32i0 + i1]
// CHECK: schedule = "{ conv[i0, i1] -> [132 + 32i0 + i1]

// LOST: error: 'ub.write' op ub-simulate: buffer 'input' with capacity 131 loses a value: element [0, 0] written at cycle 0 is overwritten at cycle 131, before its last read at cycle 132
