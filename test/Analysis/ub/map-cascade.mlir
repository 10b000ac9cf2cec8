// ub-map on the cascade (issue 10, Done-when 1's schedule), no target: each
// stencil buffer is a delay line whose read ports tap fixed distances in
// writes, split into shift registers (gaps of at most 4 words) and
// circular line memories.  hw_input: taps 0,1,2,64,65,66,128,129,130 give
// 2+62+2+62+2 = 130 words = its capacity; conv1 writes 62 of every 64
// cycles, so its taps are 0,1,2,62,63,64,124,125,126: 126 words = its
// capacity.  The input and output are wires.
// RUN: strata-opt %S/Inputs/cascade.mlir --ub-extract --ub-schedule --ub-capacity --ub-map > %t
// RUN: FileCheck %s < %t
// RUN: %python %S/Inputs/map-summary.py < %t | FileCheck %s --check-prefix=SUM
// The printed form parses back to the same text, and mapping twice replaces
// the first result.
// RUN: strata-opt %t | cmp - %t
// RUN: strata-opt %t --ub-map | cmp - %t
// Executing the elements as written gives every read port its element.
// RUN: strata-opt %t --ub-map-check -o %t.out

// SUM: arg0: wire, capacity 0, 0 words: 0 registers, 0 line segments, 0 memories []
// SUM: arg1: wire, capacity 0, 0 words: 0 registers, 0 line segments, 0 memories []
// SUM: hw_input: chain, capacity 130, 130 words: 6 registers, 2 line segments, 2 memories ['mem']
// SUM: conv1: chain, capacity 126, 126 words: 6 registers, 2 line segments, 2 memories ['mem']

// CHECK: ub.buffer @hw_input {capacity = 130 : i64{{.*}}, map = "chain"}
// CHECK: ub.buffer @conv1 {capacity = 126 : i64{{.*}}, map = "chain"}
// CHECK: ub.read %0 {{.*}}tap = 0 : i64}
// The nine taps of conv1's stencil on hw_input, in port order.
// CHECK: hw_input[1*i0, 1*i1] }{{.*}}tap = 130 : i64}
// CHECK: hw_input[1*i0, 1*i1 + 1] }{{.*}}tap = 129 : i64}
// CHECK: hw_input[1*i0, 1*i1 + 2] }{{.*}}tap = 128 : i64}
// CHECK: hw_input[1*i0 + 1, 1*i1] }{{.*}}tap = 66 : i64}
// CHECK: hw_input[1*i0 + 1, 1*i1 + 1] }{{.*}}tap = 65 : i64}
// CHECK: hw_input[1*i0 + 1, 1*i1 + 2] }{{.*}}tap = 64 : i64}
// CHECK: hw_input[1*i0 + 2, 1*i1] }{{.*}}tap = 2 : i64}
// CHECK: hw_input[1*i0 + 2, 1*i1 + 1] }{{.*}}tap = 1 : i64}
// CHECK: hw_input[1*i0 + 2, 1*i1 + 2] }{{.*}}tap = 0 : i64}
// CHECK: conv1[1*i0, 1*i1] }{{.*}}tap = 126 : i64}
// CHECK: conv1[1*i0 + 1, 1*i1] }{{.*}}tap = 64 : i64}
// CHECK: conv1[1*i0 + 2, 1*i1 + 2] }{{.*}}tap = 0 : i64}
// CHECK: host_arg1{{.*}}tap = 0 : i64}

// The chain of hw_input, in order.  Registers shift on each write of the
// buffer (its port #2; 64x64 row-major at one per cycle coalesces to one
// loop of 4096).
// CHECK: ub.mem @hw_input_sr0 {buffer = "hw_input", ctrls = [{addr_offset = 0 : i64, addr_stride = array<i64: 0>, base = 0 : i64, cycle_offset = 0 : i64, cycle_stride = array<i64: 1>, dir = "write", extent = array<i64: 4096>, port = 2 : i64, wrap = 0 : i64}], depth = 1 : i64, from = 0 : i64, kind = "sr", node = "reg", to = 1 : i64, words = 1 : i64}
// CHECK-NEXT: ub.mem @hw_input_sr1 {{.*}}from = 1 : i64, kind = "sr", node = "reg", to = 2 : i64, words = 1 : i64}
// A line memory of 62 words from position 2 to 64: written at rank mod 62,
// read one address ahead.
// CHECK-NEXT: ub.mem @hw_input_m0 {buffer = "hw_input", copies = 1 : i64, ctrls = [{addr_offset = 0 : i64, addr_stride = array<i64: 1>, base = 0 : i64, cycle_offset = 0 : i64, cycle_stride = array<i64: 1>, dir = "write", extent = array<i64: 4096>, port = 2 : i64, wrap = 62 : i64}, {addr_offset = 1 : i64, addr_stride = array<i64: 1>, base = 0 : i64, cycle_offset = 0 : i64, cycle_stride = array<i64: 1>, dir = "read", extent = array<i64: 4096>, port = 2 : i64, wrap = 62 : i64}], depth = 62 : i64, fetch = 1 : i64, kind = "line", node = "mem", segments = array<i64: 2, 64, 0>, tiles = 1 : i64, words = 62 : i64}
// CHECK-NEXT: ub.mem @hw_input_sr2 {{.*}}from = 64 : i64, kind = "sr", node = "reg", to = 65 : i64, words = 1 : i64}
// CHECK-NEXT: ub.mem @hw_input_sr3 {{.*}}from = 65 : i64, kind = "sr", node = "reg", to = 66 : i64, words = 1 : i64}
// CHECK-NEXT: ub.mem @hw_input_m1 {{.*}}segments = array<i64: 66, 128, 0>, tiles = 1 : i64, words = 62 : i64}
// CHECK-NEXT: ub.mem @hw_input_sr4 {{.*}}from = 128 : i64, kind = "sr", node = "reg", to = 129 : i64, words = 1 : i64}
// CHECK-NEXT: ub.mem @hw_input_sr5 {{.*}}from = 129 : i64, kind = "sr", node = "reg", to = 130 : i64, words = 1 : i64}
// conv1 writes rows of 62 every 64 cycles from cycle 130: two loop levels
// that do not coalesce; its line memories are 60 words.
// CHECK-NEXT: ub.mem @conv1_sr0 {buffer = "conv1", ctrls = [{addr_offset = 0 : i64, addr_stride = array<i64: 0, 0>, base = 0 : i64, cycle_offset = 130 : i64, cycle_stride = array<i64: 64, 1>, dir = "write", extent = array<i64: 62, 62>, port = 12 : i64, wrap = 0 : i64}]
// CHECK-NEXT: ub.mem @conv1_sr1
// CHECK-NEXT: ub.mem @conv1_m0 {buffer = "conv1", copies = 1 : i64, ctrls = [{addr_offset = 0 : i64, addr_stride = array<i64: 62, 1>, base = 0 : i64, cycle_offset = 130 : i64, cycle_stride = array<i64: 64, 1>, dir = "write", extent = array<i64: 62, 62>, port = 12 : i64, wrap = 60 : i64}, {addr_offset = 1 : i64, {{.*}}dir = "read"{{.*}}wrap = 60 : i64}], depth = 60 : i64, {{.*}}segments = array<i64: 2, 62, 0>
// CHECK-NEXT: ub.mem @conv1_sr2 {{.*}}from = 62 : i64
// CHECK-NEXT: ub.mem @conv1_sr3 {{.*}}from = 63 : i64
// CHECK-NEXT: ub.mem @conv1_m1 {{.*}}segments = array<i64: 64, 124, 0>
// CHECK-NEXT: ub.mem @conv1_sr4 {{.*}}from = 124 : i64
// CHECK-NEXT: ub.mem @conv1_sr5 {{.*}}from = 125 : i64, kind = "sr", node = "reg", to = 126 : i64
// CHECK-NOT: ub.mem
