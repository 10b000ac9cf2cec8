// Done-when 3 of issue 10, Darkroom's 3x3 stencil on width L = 32
// (hand-written stand-in test/UB/Inputs/darkroom-3x3.mlir): the ILP, solved
// by CBC, delays the output stage by L+1 past its centre pixel, which needs
// 2L+2 = 66 delay slots (pixels; 2 rows + 3 pixels counting the current
// one; 132 bytes of i16).  The stencil schedule is already optimal here.
// The schedule simulates bit-exactly against strata-run, and with the input
// line buffer one slot short (65) a value is lost.
// RUN: %python %S/Inputs/gen-pgm.py 32 24 5 %t.pgm
// RUN: strata-run --entry=stencil3 %S/Inputs/darkroom-3x3.mlir --arg=%t.pgm --arg=memref:zeros --out=1:%t.ref.npy
// RUN: strata-opt %S/Inputs/darkroom-3x3.mlir --ub-extract --ub-schedule-ilp --ub-capacity --ub-simulate=input=%t.pgm,output=%t.sim.npy -o %t.ilp.mlir 2>&1 | FileCheck %s --check-prefix=REPORT
// RUN: cmp %t.ref.npy %t.sim.npy
// RUN: FileCheck %s < %t.ilp.mlir
// RUN: sed 's/capacity = 66 : i64/capacity = 65 : i64/' %t.ilp.mlir > %t.65.mlir
// RUN: not strata-opt %t.65.mlir --ub-simulate=input=%t.pgm -o /dev/null 2>&1 | FileCheck %s --check-prefix=LOST

// REPORT: ub-schedule-ilp: @stencil3_ub: optimum 66 delay slots (132 bytes), proven by CBC; the stencil schedule needs 66 delay slots (132 bytes)
// REPORT: ub-simulate: @stencil3_ub: {{[0-9]+}} events over 768 cycles, no value lost

// CHECK: ub.graph @stencil3_ub attributes {ilp_slots = 66 : i64, latency = 768 : i64, memory = 66 : i64, stencil_slots = 66 : i64}
// CHECK-DAG: ub.buffer @arg0 {arg = 0 : i64, capacity = 66 : i64} : memref<24x32xi16>
// CHECK-DAG: ub.buffer @arg1 {arg = 1 : i64, capacity = 0 : i64} : memref<22x30xi16>
// CHECK: schedule = "{ host_arg0[i0, i1] -> [32i0 + i1]
// CHECK: schedule = "{ arg1[i0, i1] -> [66 + 32i0 + i1]
// CHECK: schedule = "{ host_arg1[i0, i1] -> [66 + 32i0 + i1]

// LOST: error: 'ub.write' op ub-simulate: buffer 'arg0' with capacity 65 loses a value: element [0, 0] written at cycle 0 is overwritten at cycle 65, before its last read at cycle 66
