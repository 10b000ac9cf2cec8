// Done-when 1 of issue 10 (hand-written stand-in for the .hl cascade until
// --import-halide lowers it): two 3x3 blurs on a 64x64 input at one pixel
// per cycle, kernel latency 0.  Extraction, the stencil scheduler and the
// capacity analysis give the source's table 4.1: offsets 0 / 130 / 260,
// capacities hw_input = 130 and conv1 = 126 (256 words in all), the input
// and output wires,
// and a total latency of 4096 cycles.
// RUN: strata-opt %S/Inputs/cascade.mlir --ub-extract --ub-schedule --ub-capacity | FileCheck %s

// CHECK: ub.graph @cascade_ub attributes {latency = 4096 : i64, memory = 256 : i64}
// CHECK-DAG: ub.buffer @arg0 {arg = 0 : i64, capacity = 0 : i64, kind = "wire"} : memref<64x64xi16>
// CHECK-DAG: ub.buffer @arg1 {arg = 1 : i64, capacity = 0 : i64, kind = "wire"} : memref<60x60xi16>
// CHECK-DAG: ub.buffer @hw_input {capacity = 130 : i64, kind = "line"} : memref<64x64xi16>
// CHECK-DAG: ub.buffer @conv1 {capacity = 126 : i64, kind = "line"} : memref<62x62xi16>
// CHECK: schedule = "{ host_arg0[i0, i1] -> [64i0 + i1] : 0 <= i0 <= 63 and 0 <= i1 <= 63 }"
// CHECK: ub.kernel @hw_input
// CHECK: schedule = "{ hw_input[i0, i1] -> [64i0 + i1] : 0 <= i0 <= 63 and 0 <= i1 <= 63 }"
// CHECK: schedule = "{ conv1[i0, i1] -> [130 + 64i0 + i1] : 0 <= i0 <= 61 and 0 <= i1 <= 61 }"
// CHECK: ub.kernel @conv1
// CHECK: schedule = "{ arg1[i0, i1] -> [260 + 64i0 + i1] : 0 <= i0 <= 59 and 0 <= i1 <= 59 }"
// CHECK: ub.kernel @arg1
// CHECK: schedule = "{ host_arg1[i0, i1] -> [260 + 64i0 + i1] : 0 <= i0 <= 59 and 0 <= i1 <= 59 }"
