// The ub simulator on the scheduled cascade (hand-written stand-in for the
// .hl program): with the computed capacities it reproduces the
// interpreter's output byte for byte; with hw_input one word short (129
// instead of 130) it reports the value that is overwritten before its
// last read.
// RUN: %python %S/Inputs/gen-pgm.py 64 64 7 %t.pgm
// RUN: strata-run --entry=cascade %S/Inputs/cascade.mlir --arg=%t.pgm --arg=memref:zeros --out=1:%t.ref.npy
// RUN: strata-opt %S/Inputs/cascade.mlir --ub-extract --ub-schedule --ub-capacity --ub-simulate=input=%t.pgm,output=%t.sim.npy -o %t.out 2>&1 | FileCheck %s
// RUN: cmp %t.ref.npy %t.sim.npy
// RUN: strata-opt %S/Inputs/cascade.mlir --ub-extract --ub-schedule --ub-capacity | sed 's/capacity = 130 : i64/capacity = 129 : i64/' > %t.129.mlir
// RUN: not strata-opt %t.129.mlir --ub-simulate=input=%t.pgm -o %t.out 2>&1 | FileCheck %s --check-prefix=LOST

// CHECK: ub-simulate: @cascade_ub: {{[0-9]+}} events over 4096 cycles, no value lost
// LOST: error: 'ub.write' op ub-simulate: buffer 'hw_input' with capacity 129 loses a value: element [0, 0] written at cycle 0 is overwritten at cycle 129, before its last read at cycle 130
