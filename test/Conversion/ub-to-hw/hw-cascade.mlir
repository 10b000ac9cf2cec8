// convert-ub-to-hw on the scheduled cascade (issue 11, Done-when 2): each
// buffer's delay line, laid out by ub-map, holds exactly the words
// ub-capacity computed (hw_input 130, conv1 126).  hw_input's taps sit 0, 1,
// 2, 64, 65, 66, 128, 129, 130 writes back: the short gaps are shift
// registers (6), the two 62-word gaps line segments of a memory; conv1 is
// written 62 times a 64-cycle row, so its segments are 60 words.  Without a
// target each segment has a memory of its own; so it has on the FPGA
// target's true dual-port block RAM (two ports in all: a segment's write
// and read), while a block with two ports of each kind (archs/fpga.acg
// without `param ports = 2`) takes both segments of a buffer.  The
// input stream has a ready, the output a valid; the input and output
// buffers are wires.
// RUN: strata-opt %strata_src_root/test/Analysis/ub/Inputs/cascade.mlir --ub-extract --ub-schedule --ub-capacity --convert-ub-to-hw | FileCheck %s
// RUN: strata-opt %strata_src_root/test/Analysis/ub/Inputs/cascade.mlir --acg=%strata_src_root/archs/fpga.acg --ub-extract --ub-schedule --ub-capacity --convert-ub-to-hw | FileCheck %s
// RUN: grep -v 'param ports = 2;' %strata_src_root/archs/fpga.acg > %t.quad.acg
// RUN: strata-opt %strata_src_root/test/Analysis/ub/Inputs/cascade.mlir --acg=%t.quad.acg --ub-extract --ub-schedule --ub-capacity --convert-ub-to-hw | FileCheck %s --check-prefix=BRAM
// With sr-max=61, conv1's 60-word gaps become shift registers too; the words stay.
// RUN: strata-opt %strata_src_root/test/Analysis/ub/Inputs/cascade.mlir --ub-extract --ub-schedule --ub-capacity '--convert-ub-to-hw=sr-max=61' | FileCheck %s --check-prefix=SR61

// CHECK: hw.module @cascade_stream(in %clk : !seq.clock, in %reset : i1, in %arg0_valid : i1, in %arg0_data : i16, out arg0_ready : i1, out arg1_valid : i1, out arg1_data : i16, out done : i1)
// CHECK-SAME: ub.capacity = {conv1 = 126 : i64, hw_input = 130 : i64}
// CHECK-SAME: ub.latency = 4096 : i64
// CHECK-SAME: ub.registers = {conv1 = 6 : i64, hw_input = 6 : i64}
// CHECK-SAME: ub.streams = [#ub.stream<in, "arg0", 0, 16, [64, 64]>, #ub.stream<out, "arg1", 1, 16, [60, 60]>]
// CHECK-SAME: ub.words = {conv1 = 126 : i64, hw_input = 130 : i64}
// CHECK-DAG: seq.hlmem @hw_input_m0 %clk, %reset : !seq.hlmem<62xi16>
// CHECK-DAG: seq.hlmem @hw_input_m1 %clk, %reset : !seq.hlmem<62xi16>
// CHECK-DAG: seq.hlmem @conv1_m0 %clk, %reset : !seq.hlmem<60xi16>
// CHECK-DAG: seq.hlmem @conv1_m1 %clk, %reset : !seq.hlmem<60xi16>
// CHECK-NOT: = seq.hlmem
// CHECK: hw.output

// BRAM: ub.words = {conv1 = 126 : i64, hw_input = 130 : i64}
// BRAM-DAG: seq.hlmem @hw_input_m0 %clk, %reset : !seq.hlmem<124xi16>
// BRAM-DAG: seq.hlmem @conv1_m0 %clk, %reset : !seq.hlmem<120xi16>
// BRAM-NOT: = seq.hlmem

// SR61: ub.registers = {conv1 = 126 : i64, hw_input = 6 : i64}
// SR61-SAME: ub.words = {conv1 = 126 : i64, hw_input = 130 : i64}
// SR61-NOT: @conv1_m
// SR61: seq.hlmem @hw_input_m0
