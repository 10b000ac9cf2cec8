// ub-map on the cascade for the Amber-like CGRA (archs/amber-cgra.acg): the
// line buffers go to the grid's MEM tiles (2048 words: 512 rows of a 4-word
// fetch, 2 + 2 ports), not to the global buffer.  A wide single-port SRAM
// makes two accesses per segment every 4 writes, so a tile takes two
// segments: each 3x3 stencil buffer is one MEM tile plus 6 shift registers
// (the spatial cascade of the source's Table 5.3: 12 SRs, 2 MEMs).  Each
// segment starts on a whole fetch (62 words take 64).  ub-map-check runs
// the aggregators, SRAM and transpose buffers as written.
// RUN: strata-opt %S/Inputs/cascade.mlir --acg=%strata_src_root/archs/amber-cgra.acg --ub-extract --ub-schedule --ub-capacity --ub-map > %t
// RUN: FileCheck %s < %t
// RUN: strata-opt %t --ub-map-check -o %t.out
// RUN: %python %S/Inputs/map-summary.py < %t | FileCheck %s --check-prefix=SUM
// The FPGA's block RAMs (1024 deep, true dual port: two ports in all,
// `param ports = 2`) hold one segment each, without rounding: a segment
// takes a write and a read port.
// RUN: strata-opt %S/Inputs/cascade.mlir --acg=%strata_src_root/archs/fpga.acg --ub-extract --ub-schedule --ub-capacity --ub-map --ub-map-check | FileCheck %s --check-prefix=FPGA

// SUM: hw_input: chain, capacity 130, 130 words: 6 registers, 2 line segments, 1 memories ['MEM']
// SUM: conv1: chain, capacity 126, 126 words: 6 registers, 2 line segments, 1 memories ['MEM']

// On the wide single-port SRAM each segment has four generators counting
// writes (clock = "write"): the aggregator's lane, one SRAM write of a full
// fetch every 4 writes, one SRAM read every 4 writes into the transpose
// buffer, and its lane; the SRAM addresses wide words in a ring (15 wide
// words for a 62-word gap).  The two segments take SRAM phases 3, 1 and 0,
// 2: the single port is busy on every write and never twice.
// CHECK: ub.mem @hw_input_m0 {buffer = "hw_input", copies = 1 : i64, ctrls = [{addr_offset = 0 : i64, addr_stride = array<i64: 1>, base = 0 : i64, clock = "write", cycle_offset = 0 : i64, cycle_stride = array<i64: 1>, dir = "write", extent = array<i64: 4096>, port = 2 : i64, unit = "agg", wrap = 4 : i64}, {addr_offset = 0 : i64, addr_stride = array<i64: 1>, base = 0 : i64, clock = "write", cycle_offset = 3 : i64, cycle_stride = array<i64: 4>, dir = "write", extent = array<i64: 1024>, port = 2 : i64, wrap = 15 : i64}, {addr_offset = 0 : i64, addr_stride = array<i64: 1>, base = 0 : i64, clock = "write", cycle_offset = 1 : i64, cycle_stride = array<i64: 4>, dir = "read", extent = array<i64: 1024>, port = 2 : i64, wrap = 15 : i64}, {addr_offset = 3 : i64, addr_stride = array<i64: 1>, base = 0 : i64, clock = "write", cycle_offset = 0 : i64, cycle_stride = array<i64: 1>, dir = "read", extent = array<i64: 4096>, port = 2 : i64, unit = "tb", wrap = 4 : i64}, {addr_offset = 3 : i64, addr_stride = array<i64: 1>, base = 0 : i64, clock = "write", cycle_offset = 0 : i64, cycle_stride = array<i64: 1>, dir = "write", extent = array<i64: 4096>, port = 2 : i64, unit = "agg", wrap = 4 : i64}, {addr_offset = 14 : i64, addr_stride = array<i64: 1>, base = 16 : i64, clock = "write", cycle_offset = 0 : i64, cycle_stride = array<i64: 4>, dir = "write", extent = array<i64: 1024>, port = 2 : i64, wrap = 15 : i64}, {addr_offset = 0 : i64, addr_stride = array<i64: 1>, base = 16 : i64, clock = "write", cycle_offset = 2 : i64, cycle_stride = array<i64: 4>, dir = "read", extent = array<i64: 1024>, port = 2 : i64, wrap = 15 : i64}, {addr_offset = 2 : i64, addr_stride = array<i64: 1>, base = 0 : i64, clock = "write", cycle_offset = 0 : i64, cycle_stride = array<i64: 1>, dir = "read", extent = array<i64: 4096>, port = 2 : i64, unit = "tb", wrap = 4 : i64}], depth = 128 : i64, fetch = 4 : i64, kind = "line", node = "MEM", segments = array<i64: 2, 64, 0, 66, 128, 64>, tiles = 1 : i64, words = 124 : i64}
// CHECK: ub.mem @conv1_m0 {{.*}}cycle_offset = 3 : i64, cycle_stride = array<i64: 4>, dir = "write", extent = array<i64: 961>, port = 12 : i64, wrap = 14 : i64}{{.*}}depth = 120 : i64, fetch = 4 : i64, kind = "line", node = "MEM", segments = array<i64: 2, 62, 0, 64, 124, 60>, tiles = 1 : i64, words = 120 : i64}

// FPGA: ub.mem @hw_input_m0 {{.*}}depth = 62 : i64, fetch = 1 : i64, kind = "line", node = "BRAM", segments = array<i64: 2, 64, 0>, tiles = 1 : i64, words = 62 : i64}
// FPGA: ub.mem @hw_input_m1 {{.*}}depth = 62 : i64, fetch = 1 : i64, kind = "line", node = "BRAM", segments = array<i64: 66, 128, 0>, tiles = 1 : i64, words = 62 : i64}
// FPGA: ub.mem @conv1_m0 {{.*}}node = "BRAM", segments = array<i64: 2, 62, 0>
// FPGA: ub.mem @conv1_m1 {{.*}}node = "BRAM", segments = array<i64: 64, 124, 0>
