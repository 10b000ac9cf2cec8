// convert-ub-to-hw on the scheduled cascade (issue 11, Done-when 2): each
// line buffer's delay line holds exactly the words ub-capacity computed
// (hw_input 130, conv1 126).  hw_input's taps sit 0, 1, 2, 64, 65, 66, 128,
// 129, 130 writes back: the short gaps are registers, the two 62-word gaps
// read-first memories of 61 words with an output register each (8
// registers + 122 memory words); conv1 is written 62 times a 64-cycle row,
// so its gaps are 60 writes (59-word memories).  The input stream has a
// ready, the output a valid; the input and output buffers are wires.
// RUN: strata-opt %S/Inputs/cascade.mlir --ub-extract --ub-schedule --ub-capacity --convert-ub-to-hw | FileCheck %s
// With min-mem=61, conv1's 60-write gaps become shift registers (126 of
// them) and hw_input's 62-write gaps stay memories; the words stay.
// RUN: strata-opt %S/Inputs/cascade.mlir --ub-extract --ub-schedule --ub-capacity '--convert-ub-to-hw=min-mem=61' | FileCheck %s --check-prefix=MIN61

// CHECK: hw.module @cascade_stream(in %clk : !seq.clock, in %reset : i1, in %arg0_valid : i1, in %arg0_data : i16, out arg0_ready : i1, out arg1_valid : i1, out arg1_data : i16, out done : i1)
// CHECK-SAME: ub.capacity = {conv1 = 126 : i64, hw_input = 130 : i64}
// CHECK-SAME: ub.latency = 4096 : i64
// CHECK-SAME: ub.registers = {conv1 = 8 : i64, hw_input = 8 : i64}
// CHECK-SAME: ub.streams = ["in:arg0:0:16:64x64", "out:arg1:1:16:60x60"]
// CHECK-SAME: ub.words = {conv1 = 126 : i64, hw_input = 130 : i64}
// CHECK-DAG: seq.hlmem @hw_input_line64 %clk, %reset : !seq.hlmem<61xi16>
// CHECK-DAG: seq.hlmem @hw_input_line128 %clk, %reset : !seq.hlmem<61xi16>
// CHECK-DAG: seq.hlmem @conv1_line62 %clk, %reset : !seq.hlmem<59xi16>
// CHECK-DAG: seq.hlmem @conv1_line124 %clk, %reset : !seq.hlmem<59xi16>
// CHECK-NOT: = seq.hlmem
// CHECK: hw.output

// MIN61: ub.registers = {conv1 = 126 : i64, hw_input = 8 : i64}
// MIN61-SAME: ub.words = {conv1 = 126 : i64, hw_input = 130 : i64}
// MIN61-NOT: @conv1_line
// MIN61: seq.hlmem @hw_input_line64
