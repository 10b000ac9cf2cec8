// Done-when 2 of issue 10 (hand-written stand-in for the .hl cascade):
// both blurs share one kernel at line granularity.  Each coarse iteration
// (an input row) gives conv1 a 64-cycle slot (the input row it consumes)
// and the second blur a 62-cycle slot (conv1's row), so the period is 126
// and the 64 rows take (64+62)*64 = 8064 cycles; the buffers then hold
// 130 + 186 = 316 words against 256 for the spatial schedule
// (cascade-stencil.mlir).  The simulation still matches the interpreter.
// RUN: %python %S/Inputs/gen-pgm.py 64 64 3 %t.pgm
// RUN: strata-run --entry=cascade %S/Inputs/cascade.mlir --arg=%t.pgm --arg=memref:zeros --out=1:%t.ref.npy
// RUN: strata-opt %S/Inputs/cascade.mlir --ub-extract --ub-schedule=strategy=share-line,share=conv1:arg1 --ub-capacity --ub-simulate=input=%t.pgm,output=%t.sim.npy 2>&1 | FileCheck %s
// RUN: cmp %t.ref.npy %t.sim.npy
// RUN: not strata-opt %S/Inputs/cascade.mlir --ub-extract --ub-schedule=strategy=share-line 2>&1 | FileCheck %s --check-prefix=NOSHARE

// CHECK: ub-simulate: @cascade_ub: {{[0-9]+}} events over {{[0-9]+}} cycles, no value lost
// CHECK: ub.graph @cascade_ub attributes {latency = 8064 : i64, memory = 316 : i64, period = 126 : i64}
// CHECK-DAG: ub.buffer @hw_input {capacity = 130 : i64, kind = "line"}
// CHECK-DAG: ub.buffer @conv1 {capacity = 186 : i64, kind = "line"}
// CHECK-DAG: schedule = "{ conv1[i0, i1] -> [254 + 126i0 + i1] : 0 <= i0 <= 61 and 0 <= i1 <= 61 }"
// CHECK-DAG: schedule = "{ arg1[i0, i1] -> [568 + 126i0 + i1] : 0 <= i0 <= 59 and 0 <= i1 <= 59 }"

// NOSHARE: error: 'ub.graph' op ub-schedule: strategy=share-line needs share=<kernel>:<kernel>... naming kernels of the graph
